import { Worker } from 'bullmq';
import { loadConfig } from '../data/config';
import { createDb } from '../data/db/database';
import { anyConverting, anyUnqueued } from '../data/repos/documents.repo';
import { configureLog, log } from '../core/ops/log';
import { SEEDED_TEMPLATE_GUIDS } from '../data/db/seed-templates';
import { createStorage } from '../data/storage/create-storage';
import { startHealthServer } from './health-server';
import { logJobs } from './job-log';
import { pruneFiles } from './jobs/prune-files';
import { purgeExpiredSessions } from './jobs/purge-expired-sessions';
import { startPdfWorker } from './pdf-worker';
import { requeueLostTickets, startPrintWorker } from './print-worker';
import { JOBS } from '../shared/jobs/queues';
import { connectionOf, openQueue } from '../data/queues';
import type { ReadPage } from './jobs/scan-batch';
import { requeueLostBatches, startScanWorker } from './scan-worker';
import { startSlipsWorker } from './slips-worker';

const config = loadConfig();
configureLog('worker', config.LOG_LEVEL);
const storage = createStorage(config);
const db = createDb(config.DATABASE_URL, 4);
const prefix = `${config.REDIS_PREFIX}:bull`;

const maintenance = openQueue('maintenance', config.REDIS_URL, config.REDIS_PREFIX);
// Job schedulers are kept in Redis by id: every worker upserts the same two, and each due job is
// taken by exactly one worker — one runner across all of them.
await maintenance.upsertJobScheduler('purge-expired-sessions', { every: 3_600_000 }, { name: 'purge-expired-sessions', data: {} });
await maintenance.upsertJobScheduler('prune-files', { every: config.RETENTION_EVERY_HOURS * 3_600_000 }, { name: 'prune-files', data: {} });
const retention = { earlierConversions: config.RETAIN_EARLIER_CONVERSIONS, printFileDays: config.PRINT_FILE_DAYS };

const worker = new Worker(
  'maintenance',
  async (job) => {
    if (job.name === 'purge-expired-sessions') {
      JOBS.maintenance['purge-expired-sessions'].parse(job.data);
      return purgeExpiredSessions(db);
    }
    if (job.name !== 'prune-files') throw new Error(`unknown job ${job.name}`);
    JOBS.maintenance['prune-files'].parse(job.data);
    const report = await pruneFiles(db, storage, retention);
    log('info', 'files pruned', { ...report });
    return report;
  },
  { connection: connectionOf(config.REDIS_URL), prefix, concurrency: 1 },
);

const pdf = startPdfWorker({
  redisUrl: config.REDIS_URL,
  prefix: config.REDIS_PREFIX,
  storage,
  chromiumPath: config.CHROMIUM_PATH,
  renderTimeoutMs: config.RENDER_TIMEOUT_MS,
  restartEvery: config.RENDER_RESTART_EVERY,
  concurrency: config.PDF_WORKER_CONCURRENCY,
  rendersAtOnce: config.PDF_RENDERS_AT_ONCE,
  db,
});
const print = startPrintWorker({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, storage, db, lockDurationMs: config.PRINT_LOCK_MS });
const workers = [worker, pdf.worker, print.worker];
workers.forEach(logJobs);
const requeued = await requeueLostTickets(db, print.queue);
if (requeued > 0) log('info', 'print tickets queued again from MySQL', { tickets: requeued });
// The page reader (and its ZXing WebAssembly) is loaded with the first scanned page, not at start.
const readPage: ReadPage = async (input) => (await import('../scan/read-page')).readPage(input);
const scan = startScanWorker({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, storage, db, readPage, concurrency: config.SCAN_WORKER_CONCURRENCY });
logJobs(scan.worker);
const slips = startSlipsWorker({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, storage, db });
logJobs(slips.worker);
const rescanned = await requeueLostBatches(db, scan.queue);
if (rescanned > 0) log('info', 'scan batches queued again from MySQL', { batches: rescanned });
const pdfQueue = openQueue('pdf', config.REDIS_URL, config.REDIS_PREFIX);
// Re-queueing renders pages (React on the server side of the code): loaded only when a card is
// still converting, so a worker that has nothing to recover does not carry the renderer.
if (await anyConverting(db)) {
  const { requeueLostConversions } = await import('../core/services/cards/save-pdf');
  const reconverting = await requeueLostConversions({ db, pdfQueue });
  if (reconverting > 0) log('info', 'conversions queued again from MySQL', { conversions: reconverting });
}
// The seeded system templates convert once, on the first start after seeding (never converted yet).
if (await anyUnqueued(db, SEEDED_TEMPLATE_GUIDS)) {
  const { convertSeededTemplates } = await import('../core/services/cards/save-pdf');
  const seeded = await convertSeededTemplates({ db, pdfQueue, storage }, SEEDED_TEMPLATE_GUIDS);
  if (seeded > 0) log('info', 'seeded templates queued for conversion', { templates: seeded });
}
const health = config.WORKER_HEALTH_PORT === undefined ? null : startHealthServer(config.WORKER_HEALTH_PORT, config.HOST, { db, storage, workers, redis: () => maintenance.count() });
await Promise.all(workers.map((w) => w.waitUntilReady()));
log('info', 'ready', { pid: process.pid, healthPort: config.WORKER_HEALTH_PORT });

/**
 * SIGTERM: BullMQ's close() takes no new job and waits for the ones running to finish (a job cut
 * off by a later SIGKILL goes back to the queue when its lock expires); then the connections close.
 */
async function shutdown(signal: string): Promise<void> {
  log('info', 'draining', { signal });
  await worker.close();
  await pdf.close();
  await print.close();
  await scan.close();
  await slips.close();
  await pdfQueue.close();
  await maintenance.close();
  await db.destroy();
  health?.close();
  log('info', 'stopped');
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
