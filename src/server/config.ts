import { z } from 'zod';

// Every setting comes from the environment, parsed once; scripts/ sets these for start and test.
const ZConfig = z.object({
  DATABASE_URL: z.string().default('mysql://root@127.0.0.1:3306/acs'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('acs'),
  PORT: z.coerce.number().int().min(0).default(3000),
  HOST: z.string().default('0.0.0.0'),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  SEED_ADMIN_PASSWORD: z.string().min(4).optional(),
  STORAGE_DIR: z.string().default('var/storage'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  CLIENT_DIST: z.string().default('dist/client'),
  TRUST_PROXY: z.string().optional(),
});

export type Config = z.infer<typeof ZConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return ZConfig.parse(env);
}
