import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SCAN_PART_PAGES } from '../shared/jobs/scan-batch-job';

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
  /** Where a large upload (a scan) is spooled while its request runs; removed when it ends. */
  UPLOAD_TMP_DIR: z.string().default(join(tmpdir(), 'acs-uploads')),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  CLIENT_DIST: z.string().default('dist/client'),
  TRUST_PROXY: z.string().optional(),
  /** HTTPS without a proxy (docs/scan-batches.md "Capture with a phone"): PEM certificate and key, both or neither. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  // PDF rendering (docs/pdf-rendering.md): the time limit of one render, renders per browser.
  RENDER_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  RENDER_RESTART_EVERY: z.coerce.number().int().positive().default(100),
  PDF_WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /** Scan batches read at once per worker process (docs/scan-batches.md): reading is CPU work, one per core. */
  SCAN_WORKER_CONCURRENCY: z.coerce.number().int().positive().default(1),
  /** Pages of one scan part, one job each (docs/scan-batches.md "Parts"): a small batch of another school waits one part at most. */
  SCAN_PART_PAGES: z.coerce.number().int().min(1).max(2_000).default(DEFAULT_SCAN_PART_PAGES),
  /** A school's scan limits when the host set none for it (docs/scan-batches.md "Limits"); 0: no limit. */
  SCAN_PAGES_IN_FLIGHT: z.coerce.number().int().min(0).default(6_000),
  SCAN_PAGES_PER_DAY: z.coerce.number().int().min(0).default(30_000),
  PDF_RENDERS_AT_ONCE: z.coerce.number().int().positive().default(1),
  // How soon a dead worker's print ticket goes to another worker (BullMQ's lock; docs/print-service.md).
  PRINT_LOCK_MS: z.coerce.number().int().min(1_000).default(30_000),
  // Retention (docs/deployment.md, "Retention"): a scheduled job prunes files every RETENTION_EVERY_HOURS.
  RETAIN_EARLIER_CONVERSIONS: z.coerce.number().int().min(0).default(1),
  PRINT_FILE_DAYS: z.coerce.number().int().positive().default(90),
  RETENTION_EVERY_HOURS: z.coerce.number().positive().default(24),
  // Files go to an S3-compatible bucket when S3_BUCKET is set, else under STORAGE_DIR.
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  // Operations (docs/deployment.md): log lines below LOG_LEVEL are dropped (default info, error in
  // tests); SIGTERM waits this long for requests and jobs in flight; the worker's health port.
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(30_000),
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
});

export type Config = z.infer<typeof ZConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = ZConfig.parse(env);
  // Half a key pair would silently fall back to the SDK's default credentials.
  if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  if ((config.TLS_CERT_FILE === undefined) !== (config.TLS_KEY_FILE === undefined)) {
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all');
  }
  return config;
}
