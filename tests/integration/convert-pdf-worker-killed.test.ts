import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { QueueEvents } from 'bullmq';
import { afterAll, expect, it } from 'vitest';
import { LocalStorage } from '../../src/data/storage/local-storage';
import type { TConvertPdfResult } from '../../src/shared/jobs/convert-pdf-job';
import { startPdfWorker } from '../../src/worker/pdf-worker';
import { connectionOf, openQueue } from '../../src/data/queues';
import { syntheticCard } from '../support/synthetic-card';

const redisUrl = process.env.REDIS_URL!;
const prefix = `${process.env.REDIS_PREFIX}:killed-${randomUUID().slice(0, 8)}`;
const storageDir = join(process.env.STORAGE_DIR!, `killed-${randomUUID()}`);
const LOCK_MS = 3_000;
const queue = openQueue('pdf', redisUrl, prefix);
const events = new QueueEvents('pdf', { connection: connectionOf(redisUrl), prefix: `${prefix}:bull` });
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup) await step();
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
});

it('finishes the job of a worker killed mid-render on another worker', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/pdf-worker-process.ts'], {
    env: { ...process.env, WORKER_PREFIX: prefix, WORKER_STORAGE_DIR: storageDir, WORKER_LOCK_MS: String(LOCK_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.push(async () => void child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Output may arrive in any chunking, before or after we start waiting for it.
  const saw = (text: string) => expect.poll(() => output, { timeout: 30_000, interval: 20, message: `worker output: ${text}` }).toContain(text);
  await saw('ready');

  const job = await queue.add('convert', { ...syntheticCard(4), folder: 'cards/killed', assetFolder: 'assets/none' });
  await saw(`active ${job.id}`);
  child.kill('SIGKILL'); // mid-render: the job is active, its PDF not written
  await new Promise((resolve) => child.once('exit', resolve));
  expect(await queue.getJobState(job.id!)).toBe('active');

  const survivor = startPdfWorker({
    redisUrl, prefix, storage: new LocalStorage(storageDir), chromiumPath: process.env.CHROMIUM_PATH!,
    renderTimeoutMs: 20_000, restartEvery: 100, concurrency: 1, lockDurationMs: LOCK_MS,
  });
  cleanup.push(() => survivor.close());
  const result = (await job.waitUntilFinished(events, 60_000)) as TConvertPdfResult;
  expect(result.bubbles).toBe(400);
  expect((await new LocalStorage(storageDir).get(result.pdfKey))?.subarray(0, 5).toString()).toBe('%PDF-');
}, 120_000); // two worker starts and two 4-page renders on a busy machine
