// A scan worker in a process of its own, so a test can SIGKILL it mid-batch the way a crashed or
// evicted machine would. Its reader is the scripted one (tests/support/scan-fixtures.ts), slowed
// down so the kill lands mid-batch; the card's document id comes from the environment.
import { createDb } from '../../src/data/db/database';
import { LocalStorage } from '../../src/data/storage/local-storage';
import { startScanWorker } from '../../src/worker/scan-worker';
import { killedTestScript, scriptedReader } from './scan-fixtures';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const reader = scriptedReader(killedTestScript(Number(env('SCAN_DOCUMENT_ID')), JSON.parse(env('SCAN_STUDENTS')) as number[]), Number(process.env.SCAN_READ_DELAY_MS ?? 40));
// Each page read, for a test that must know which pages this worker read before it was killed.
if (process.env.SCAN_REPORT_READS) {
  const push = reader.calls.push.bind(reader.calls);
  reader.calls.push = (...pages: number[]) => (pages.forEach((n) => console.log(`read ${n}`)), push(...pages));
}
const scan = startScanWorker({
  redisUrl: env('REDIS_URL'),
  prefix: env('WORKER_PREFIX'),
  storage: new LocalStorage(env('STORAGE_DIR')),
  db: createDb(env('DATABASE_URL'), 2),
  readPage: reader.readPage,
  lockDurationMs: Number(env('WORKER_LOCK_MS')),
});
await scan.worker.waitUntilReady();
console.log('ready');
