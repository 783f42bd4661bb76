import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { openQueue } from '../data/queues';
import { SignInThrottle } from './auth/throttle';
import type { Config } from '../data/config';
import { createDb, type Db } from '../data/db/database';
import { createStorage } from '../data/storage/create-storage';
import type { FileStorage } from '../data/storage/file-storage';

/** What services need from the outside world, built once per process and closed on exit. */
export interface Deps {
  config: Config;
  db: Db;
  redis: Redis;
  throttle: SignInThrottle;
  /** Where PDFs, geometry maps and print files live (STORAGE_DIR or the S3 bucket). */
  storage: FileStorage;
  /** The `pdf` queue the worker converts from (src/shared/jobs/queues.ts). */
  pdfQueue: Queue;
  /** The `print` queue of class print tickets (docs/print-service.md). */
  printQueue: Queue;
  /** The `scan` queue of uploaded scan batches (docs/scan-batches.md). */
  scanQueue: Queue;
  /** The `slips` queue: 成績單 composed by the worker (docs/grading.md "Slips through a job"). */
  slipsQueue: Queue;
}

export function createDeps(config: Config): Deps {
  const db = createDb(config.DATABASE_URL);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    config,
    db,
    redis,
    throttle: new SignInThrottle(redis, config.REDIS_PREFIX),
    storage: createStorage(config),
    pdfQueue: openQueue('pdf', config.REDIS_URL, config.REDIS_PREFIX),
    printQueue: openQueue('print', config.REDIS_URL, config.REDIS_PREFIX),
    scanQueue: openQueue('scan', config.REDIS_URL, config.REDIS_PREFIX),
    slipsQueue: openQueue('slips', config.REDIS_URL, config.REDIS_PREFIX),
  };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await Promise.allSettled([deps.db.destroy(), deps.redis.quit(), deps.pdfQueue.close(), deps.printQueue.close(), deps.scanQueue.close(), deps.slipsQueue.close()]);
}
