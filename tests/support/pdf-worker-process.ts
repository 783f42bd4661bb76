// A pdf worker in a process of its own, so a test can kill it with SIGKILL mid-render the way a
// crashed or evicted machine would, or start it only after jobs were queued, and so
// `npm run bench:pdf-queue` measures the worker's processes alone. Settings come from the
// environment the caller passes; with WORKER_DATABASE_URL it records outcomes on the documents.
import { createDb } from '../../src/data/db/database';
import { LocalStorage } from '../../src/data/storage/local-storage';
import { startPdfWorker } from '../../src/worker/pdf-worker';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const pdf = startPdfWorker({
  redisUrl: env('REDIS_URL'),
  prefix: env('WORKER_PREFIX'),
  storage: new LocalStorage(env('WORKER_STORAGE_DIR')),
  chromiumPath: env('CHROMIUM_PATH'),
  renderTimeoutMs: 20_000,
  restartEvery: 100,
  concurrency: Number(process.env.WORKER_CONCURRENCY ?? 1),
  rendersAtOnce: Number(process.env.WORKER_RENDERS_AT_ONCE ?? 1),
  lockDurationMs: Number(env('WORKER_LOCK_MS')),
  db: process.env.WORKER_DATABASE_URL ? createDb(process.env.WORKER_DATABASE_URL) : undefined,
});
pdf.worker.on('active', (job) => console.log(`active ${job.id}`));
await pdf.worker.waitUntilReady();
console.log('ready');
process.once('SIGTERM', () => void pdf.close().then(() => process.exit(0)));
