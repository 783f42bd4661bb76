import { Redis } from 'ioredis';
import { SignInThrottle } from './auth/throttle';
import type { Config } from './config';
import { createDb, type Db } from './db/database';

/** What services need from the outside world, built once per process and closed on exit. */
export interface Deps {
  config: Config;
  db: Db;
  redis: Redis;
  throttle: SignInThrottle;
}

export function createDeps(config: Config): Deps {
  const db = createDb(config.DATABASE_URL);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
  return { config, db, redis, throttle: new SignInThrottle(redis, config.REDIS_PREFIX) };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await Promise.allSettled([deps.db.destroy(), deps.redis.quit()]);
}
