// `npm run bench:pdf-queue [-- --workers N]`: 50 "save PDF" jobs queued at once on N pdf worker
// processes (default 1), each with concurrency 2, through Redis (REDIS_URL) and storage in a
// temporary folder: all must complete; prints the time, pages a second and the peak memory of the
// workers. Each worker runs in its own process (tests/support/pdf-worker-process.ts, started with
// the worker's node flags; BENCH_WORKER_NODE_FLAGS to compare others: lib/app-processes.ts), so the figure is those processes and their Chromiums, not this one,
// which queues the jobs and waits (docs/deployment.md, "Sizing").
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueueEvents } from 'bullmq';
import { loadConfig } from '../src/data/config';
import { connectionOf, openQueue } from '../src/data/queues';
import { syntheticCard } from '../tests/support/synthetic-card';
import { benchWorkerFlags } from './lib/app-processes';
import { bundle, WORKER_BUNDLE } from './lib/build-worker';
import { treeMemory, type TreeMemory, describePeak } from './lib/process-tree-usage';

const config = loadConfig();
const flag = process.argv.indexOf('--workers');
const workerCount = flag === -1 ? 1 : Number(process.argv[flag + 1]);
if (!Number.isInteger(workerCount) || workerCount < 1) throw new Error('--workers takes a whole number of at least 1');
const JOBS = 50;
const PAGES = 4;
const prefix = `${config.REDIS_PREFIX}:bench-${process.pid}`;
const dir = await mkdtemp(join(tmpdir(), 'acs-bench-'));
// The worker's entry bundled the way `npm start` bundles src/worker/main.ts: run by node, not tsx.
// Inside the project, so its packages resolve from node_modules.
const bundleDir = `dist/bench/pdf-worker-${process.pid}`;
const workerBundle = await bundle('tests/support/pdf-worker-process.ts', bundleDir);
function startWorker() {
  const worker = spawn(process.execPath, [...benchWorkerFlags(), workerBundle], {
    env: {
      ...process.env,
      REDIS_URL: config.REDIS_URL,
      CHROMIUM_PATH: config.CHROMIUM_PATH,
      WORKER_PREFIX: prefix,
      WORKER_STORAGE_DIR: dir,
      WORKER_LOCK_MS: '30000',
      WORKER_CONCURRENCY: '2',
      WORKER_RENDERS_AT_ONCE: String(config.PDF_RENDERS_AT_ONCE),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(worker, 'exit');
  const ready = new Promise<void>((resolve, reject) => {
    worker.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    void exited.then(() => reject(new Error('a worker process ended before it was ready')));
  });
  return { worker, exited, ready };
}
const workers = Array.from({ length: workerCount }, startWorker);
await Promise.all(workers.map((w) => w.ready));
const workerPids = workers.map((w) => w.worker.pid ?? 0);
const memoryNow = (): TreeMemory =>
  workerPids.map(treeMemory).reduce((sum, m) => ({ processes: sum.processes + m.processes, rssMiB: sum.rssMiB + m.rssMiB, pssMiB: sum.pssMiB + m.pssMiB }));

const queue = openQueue('pdf', config.REDIS_URL, prefix);
const events = new QueueEvents('pdf', { connection: connectionOf(config.REDIS_URL), prefix: `${prefix}:bull` });
await events.waitUntilReady();

const idle: TreeMemory = memoryNow();
let peak: TreeMemory = { processes: 0, rssMiB: 0, pssMiB: 0 };
const sampler = setInterval(() => {
  const now = memoryNow();
  if (now.pssMiB > peak.pssMiB) peak = now;
}, 50);

const card = syntheticCard(PAGES, 20);
const started = performance.now();
const jobs = await queue.addBulk(Array.from({ length: JOBS }, (_, i) => ({ name: 'convert', data: { ...card, folder: `cards/bench-${i}`, assetFolder: 'assets/bench' } })));
const outcomes = await Promise.allSettled(jobs.map((job) => job.waitUntilFinished(events, 600_000)));
const elapsed = performance.now() - started;
clearInterval(sampler);
const failed = outcomes.filter((outcome) => outcome.status === 'rejected');

for (const w of workers) w.worker.kill('SIGTERM');
await Promise.all(workers.map((w) => w.exited));
await events.close();
await queue.obliterate({ force: true });
await queue.close();
await rm(dir, { recursive: true, force: true });
await rm(bundleDir, { recursive: true, force: true });

console.log(`${JOBS} jobs of a ${PAGES}-page card queued at once, ${workerCount} worker process(es), concurrency 2 each, ${config.PDF_RENDERS_AT_ONCE} render(s) in Chromium at once (load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} CPUs)`);
console.log(`  worker: node ${benchWorkerFlags().join(' ')} <bundled entry> (as npm start runs ${WORKER_BUNDLE})`);
console.log(`  all done in ${Math.round(elapsed)} ms (${Math.round(elapsed / JOBS)} ms a job, ${(((JOBS - failed.length) * PAGES) / (elapsed / 1000)).toFixed(2)} pages/s of the ${JOBS - failed.length} finished), ${failed.length} failed`);
for (const outcome of failed.slice(0, 3)) if (outcome.status === 'rejected') console.log(`  failure: ${String(outcome.reason)}`);
console.log(`  worker process(es) when ready, before Chromium: PSS ${Math.round(idle.pssMiB)} MiB, RSS ${Math.round(idle.rssMiB)} MiB (all together)`);
if (workerCount === 1) for (const text of describePeak(peak)) console.log(text);
else console.log(`  peak of all ${workerCount} workers together: PSS ${Math.round(peak.pssMiB)} MiB (${Math.round(peak.pssMiB / workerCount)} a worker), RSS ${Math.round(peak.rssMiB)} MiB, ${peak.processes} processes`);
process.exit(failed.length === 0 ? 0 : 1);
