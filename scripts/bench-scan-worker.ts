// The scan worker of `npm run bench:scan-job`, in a process of its own so its memory is its own:
// the production worker's scan side (src/worker/main.ts) with the real page reader, on the
// bench's database, storage folder and queue prefix (from the environment); SCAN_WORKER_CONCURRENCY as
// production reads it (default 1).
import { createDb } from '../src/data/db/database';
import { LocalStorage } from '../src/data/storage/local-storage';
import { readPage } from '../src/scan/read-page';
import { startScanWorker } from '../src/worker/scan-worker';

const env = (name: string): string => process.env[name] ?? (() => { throw new Error(`${name} is required`); })();
const scan = startScanWorker({ redisUrl: env('REDIS_URL'), prefix: env('WORKER_PREFIX'), storage: new LocalStorage(env('STORAGE_DIR')), db: createDb(env('DATABASE_URL'), 4), readPage, concurrency: Number(process.env.SCAN_WORKER_CONCURRENCY ?? 1) });
scan.worker.on('failed', (job, error) => console.error(`batch ${job?.id} failed: ${error.message}`));
await scan.worker.waitUntilReady();
console.log('ready');
process.on('SIGTERM', () => void scan.close().then(() => process.exit(0)));
