import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPdfWorker } from '../../src/worker/pdf-worker';
import { cardInfo, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { firstPage } from '../support/card-pages';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// A conversion whose workers die mid-render twice fails as "stalled" without the job's own
// failure path running: the card must still end failed, with its content lock released.
const prefix = `${process.env.REDIS_PREFIX}:stalled-${randomUUID().slice(0, 8)}`;
const LOCK_MS = 2_000;
let app: TestApp;
let teacher: Signed;
const children: ChildProcess[] = [];
let survivor: ReturnType<typeof startPdfWorker> | null = null;

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await signedInSchool(app);
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await survivor?.close();
  await app.deps.pdfQueue.obliterate({ force: true });
  await app.close();
});

/** A worker process that is killed as soon as it starts rendering `jobId`. */
async function dieMidRender(jobId: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/pdf-worker-process.ts'], {
    env: { ...process.env, WORKER_PREFIX: prefix, WORKER_STORAGE_DIR: process.env.STORAGE_DIR, WORKER_LOCK_MS: String(LOCK_MS), WORKER_DATABASE_URL: process.env.DATABASE_URL },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 60_000, interval: 20 }).toContain(`active ${jobId}`);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
}

it('a job that stalled out marks its card failed and releases the lock', async () => {
  const cards = (body: Record<string, unknown>) => legacy(app, 'cards', body, teacher.token);
  const guid = ((await cards({ method: 'create', action: 'info', data: cardInfo('Stalled') })).body.data as { guid: string }).guid;
  await cards({ method: 'save', action: 'card', guid, page: 1, options: { ...pageOptions(), components: firstPage(25) } });
  await cards({ method: 'save', action: 'PDF', guid });
  const row = () => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
  const jobId = (await row()).pdf_job!;
  expect(await row()).toMatchObject({ status: 'converting', disabled: 3 });

  await dieMidRender(jobId); // stalled once: BullMQ hands the job on
  await dieMidRender(jobId); // stalled twice: over the limit (maxStalledCount 1)
  survivor = startPdfWorker({
    redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, chromiumPath: process.env.CHROMIUM_PATH!,
    renderTimeoutMs: 20_000, restartEvery: 100, concurrency: 1, lockDurationMs: LOCK_MS, db: app.deps.db,
  });
  await expect.poll(async () => (await row()).status, { timeout: 30_000, interval: 200 }).toBe('failed');
  const doc = await row();
  expect(doc.disabled).toBe(0);
  expect(doc.pdf_error).toContain('stalled');
}, 180_000);
