import { Worker } from 'bullmq';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/database';
import { createStorage } from '../server/storage/create-storage';
import { purgeExpiredSessions } from './jobs/purge-expired-sessions';
import { startPdfWorker } from './pdf-worker';
import { requeueLostTickets, startPrintWorker } from './print-worker';
import { connectionOf, JOBS, openQueue } from './queues';
import type { ReadPage } from './jobs/scan-batch';
import { requeueLostBatches, startScanWorker } from './scan-worker';

const config = loadConfig();
const db = createDb(config.DATABASE_URL, 4);
const prefix = `${config.REDIS_PREFIX}:bull`;

const maintenance = openQueue('maintenance', config.REDIS_URL, config.REDIS_PREFIX);
await maintenance.upsertJobScheduler('purge-expired-sessions', { every: 3_600_000 }, { name: 'purge-expired-sessions', data: {} });

const worker = new Worker(
  'maintenance',
  async (job) => {
    if (job.name !== 'purge-expired-sessions') throw new Error(`unknown job ${job.name}`);
    JOBS.maintenance['purge-expired-sessions'].parse(job.data);
    return purgeExpiredSessions(db);
  },
  { connection: connectionOf(config.REDIS_URL), prefix, concurrency: 1 },
);
worker.on('failed', (job, error) => console.error(`[worker] ${job?.name} failed:`, error.message));
worker.on('ready', () => console.log('[worker] ready'));

const pdf = startPdfWorker({
  redisUrl: config.REDIS_URL,
  prefix: config.REDIS_PREFIX,
  storage: createStorage(config),
  chromiumPath: config.CHROMIUM_PATH,
  renderTimeoutMs: config.RENDER_TIMEOUT_MS,
  restartEvery: config.RENDER_RESTART_EVERY,
  concurrency: config.PDF_WORKER_CONCURRENCY,
  rendersAtOnce: config.PDF_RENDERS_AT_ONCE,
  db,
});
pdf.worker.on('failed', (job, error) => console.error(`[worker] pdf ${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}):`, error.message));

const print = startPrintWorker({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, storage: createStorage(config), db });
print.worker.on('failed', (job, error) => console.error(`[worker] print ${job?.id} failed (attempt ${job?.attemptsMade}):`, error.message));
const requeued = await requeueLostTickets(db, print.queue);
if (requeued > 0) console.log(`[worker] print: ${requeued} ticket(s) queued again from MySQL`);
// The page reader (and its ZXing WebAssembly) is loaded with the first scanned page, not at start.
const readPage: ReadPage = async (input) => (await import('../scan/read-page')).readPage(input);
const scan = startScanWorker({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, storage: createStorage(config), db, readPage, concurrency: config.SCAN_WORKER_CONCURRENCY });
scan.worker.on('failed', (job, error) => console.error(`[worker] scan ${job?.id} failed (attempt ${job?.attemptsMade}):`, error.message));
const rescanned = await requeueLostBatches(db, scan.queue);
if (rescanned > 0) console.log(`[worker] scan: ${rescanned} batch(es) queued again from MySQL`);
const pdfQueue = openQueue('pdf', config.REDIS_URL, config.REDIS_PREFIX);
// Re-queueing renders pages (React on the server side of the code): loaded only when a card is
// still converting, so a worker that has nothing to recover does not carry the renderer.
if (await db.selectFrom('documents').select('id').where('status', '=', 'converting').limit(1).executeTakeFirst()) {
  const { requeueLostConversions } = await import('../server/services/cards/save-pdf');
  const reconverting = await requeueLostConversions({ db, pdfQueue });
  if (reconverting > 0) console.log(`[worker] pdf: ${reconverting} conversion(s) queued again from MySQL`);
}

async function shutdown(): Promise<void> {
  await worker.close();
  await pdf.close();
  await print.close();
  await scan.close();
  await pdfQueue.close();
  await maintenance.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
