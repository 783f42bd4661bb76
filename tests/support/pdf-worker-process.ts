// A pdf worker in a process of its own, so a test can kill it with SIGKILL mid-render the way a
// crashed or evicted machine would, or start it only after jobs were queued. Settings come from
// the environment the test passes; with WORKER_DATABASE_URL it records outcomes on the documents.
import { createDb } from '../../src/server/db/database';
import { LocalStorage } from '../../src/server/storage/local-storage';
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
  concurrency: 1,
  lockDurationMs: Number(env('WORKER_LOCK_MS')),
  db: process.env.WORKER_DATABASE_URL ? createDb(process.env.WORKER_DATABASE_URL) : undefined,
});
pdf.worker.on('active', (job) => console.log(`active ${job.id}`));
await pdf.worker.waitUntilReady();
console.log('ready');
