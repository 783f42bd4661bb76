// `npm run bench:pdf-queue`: 50 "save PDF" jobs queued at once on one pdf worker with concurrency
// 2, through Redis (REDIS_URL) and storage in a temporary folder, as the issue measures it: all
// must complete; prints the time and the peak memory of node + Chromium.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueueEvents } from 'bullmq';
import { loadConfig } from '../src/server/config';
import { LocalStorage } from '../src/server/storage/local-storage';
import { startPdfWorker } from '../src/worker/pdf-worker';
import { connectionOf, openQueue } from '../src/worker/queues';
import { syntheticCard } from '../tests/support/synthetic-card';
import { treeMemory, type TreeMemory, describePeak } from './lib/process-tree-usage';

const config = loadConfig();
const prefix = `${config.REDIS_PREFIX}:bench-${process.pid}`;
const dir = await mkdtemp(join(tmpdir(), 'acs-bench-'));
const storage = new LocalStorage(dir);
const pdf = startPdfWorker({
  redisUrl: config.REDIS_URL,
  prefix,
  storage,
  chromiumPath: config.CHROMIUM_PATH,
  renderTimeoutMs: config.RENDER_TIMEOUT_MS,
  restartEvery: config.RENDER_RESTART_EVERY,
  concurrency: 2,
  rendersAtOnce: config.PDF_RENDERS_AT_ONCE,
});
const queue = openQueue('pdf', config.REDIS_URL, prefix);
const events = new QueueEvents('pdf', { connection: connectionOf(config.REDIS_URL), prefix: `${prefix}:bull` });
await events.waitUntilReady();

let peak: TreeMemory = { processes: 0, rssMiB: 0, pssMiB: 0 };
const sampler = setInterval(() => {
  const now = treeMemory(process.pid);
  if (now.pssMiB > peak.pssMiB) peak = now;
}, 50);

const card = syntheticCard(4, 20);
const started = performance.now();
const jobs = await queue.addBulk(Array.from({ length: 50 }, (_, i) => ({ name: 'convert', data: { ...card, folder: `cards/bench-${i}`, assetFolder: 'assets/bench' } })));
const outcomes = await Promise.allSettled(jobs.map((job) => job.waitUntilFinished(events, 600_000)));
const elapsed = performance.now() - started;
clearInterval(sampler);
const failed = outcomes.filter((outcome) => outcome.status === 'rejected');

await pdf.close();
await events.close();
await queue.obliterate({ force: true });
await queue.close();
await rm(dir, { recursive: true, force: true });

console.log(`50 jobs of a 4-page card queued at once, one worker, concurrency 2, ${config.PDF_RENDERS_AT_ONCE} render(s) in Chromium at once (load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} CPUs)`);
console.log(`  all done in ${Math.round(elapsed)} ms (${Math.round(elapsed / 50)} ms a job), ${failed.length} failed`);
for (const outcome of failed.slice(0, 3)) if (outcome.status === 'rejected') console.log(`  failure: ${String(outcome.reason)}`);
for (const text of describePeak(peak)) console.log(text);
process.exit(failed.length === 0 ? 0 : 1);
