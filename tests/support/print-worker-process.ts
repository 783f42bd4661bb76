// A print worker in a process of its own, so a test can SIGKILL it mid-batch the way a crashed or
// evicted machine would. Settings come from the environment the test passes.
import { createDb } from '../../src/data/db/database';
import { LocalStorage } from '../../src/data/storage/local-storage';
import { startPrintWorker } from '../../src/worker/print-worker';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const print = startPrintWorker({
  redisUrl: env('REDIS_URL'),
  prefix: env('WORKER_PREFIX'),
  storage: new LocalStorage(env('STORAGE_DIR')),
  db: createDb(env('DATABASE_URL'), 2),
  lockDurationMs: Number(env('WORKER_LOCK_MS')),
});
print.worker.on('active', (job) => console.log(`active ${job.id}`));
await print.worker.waitUntilReady();
console.log('ready');
