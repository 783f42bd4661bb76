// `npm run bench:print -- --workers N`: throughput of N print worker processes on one queue —
// 8 tickets of a grade of 400 (one-page card, 10 classes of 40) queued at once through Redis, a
// throw-away database and a temporary storage folder; prints the time, students a second and the
// workers' peak memory (docs/deployment.md, "Sizing"). Each worker is its own process
// (tests/support/print-worker-process.ts, bundled and started like the real worker).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueueEvents } from 'bullmq';
import { loadConfig } from '../src/data/config';
import { createDb } from '../src/data/db/database';
import { insertTicket } from '../src/data/repos/print-tickets.repo';
import { LocalStorage } from '../src/data/storage/local-storage';
import { ticketJobId } from '../src/shared/jobs/print-ticket-job';
import { connectionOf, openQueue } from '../src/data/queues';
import { createSchool, createUser } from '../tests/support/fixtures';
import { renderPrintCard } from '../tests/support/print-card';
import { seedRoster, storeConvertedCard } from '../tests/support/print-tickets';
import { createBenchDatabase } from './bench/bench-database';
import { NODE_FLAGS } from './lib/app-processes';
import { bundle } from './lib/build-worker';
import { treeMemory, type TreeMemory } from './lib/process-tree-usage';

const workerCount = Number(process.argv[process.argv.indexOf('--workers') + 1]);
if (!Number.isInteger(workerCount) || workerCount < 1) throw new Error('--workers takes a whole number of at least 1');
const [TICKETS, CLASSES, CLASS_SIZE] = [8, 10, 40];
const config = loadConfig();

const database = await createBenchDatabase('acs_bench_print');
const db = createDb(database.url, 2);
const dir = await mkdtemp(join(tmpdir(), 'acs-bench-print-'));
const prefix = `${config.REDIS_PREFIX}:bench-print-${process.pid}`;
const bundleDir = `dist/bench/print-worker-${process.pid}`;
const queue = openQueue('print', config.REDIS_URL, prefix);
const events = new QueueEvents('print', { connection: connectionOf(config.REDIS_URL), prefix: `${prefix}:bull` });
const children: ReturnType<typeof spawn>[] = [];
try {
  const school = await createSchool(db);
  const user = await createUser(db, school.id);
  const card = await storeConvertedCard(db, new LocalStorage(dir), { clientId: school.id, userId: user.id }, await renderPrintCard(1));
  await seedRoster(db, school.id, 2, CLASSES, CLASS_SIZE);
  const workerBundle = await bundle('tests/support/print-worker-process.ts', bundleDir);
  const env = { ...process.env, REDIS_URL: config.REDIS_URL, WORKER_PREFIX: prefix, STORAGE_DIR: dir, DATABASE_URL: database.url, WORKER_LOCK_MS: '30000' };
  for (let i = 0; i < workerCount; i += 1) children.push(spawn(process.execPath, [...NODE_FLAGS.worker, workerBundle], { env, stdio: ['ignore', 'pipe', 'inherit'] }));
  await Promise.all(children.map((child) => new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()))));
  await events.waitUntilReady();

  const memoryNow = (): TreeMemory =>
    children.map((child) => treeMemory(child.pid ?? 0)).reduce((sum, m) => ({ processes: sum.processes + m.processes, rssMiB: sum.rssMiB + m.rssMiB, pssMiB: sum.pssMiB + m.pssMiB }));
  let peak = memoryNow();
  const sampler = setInterval(() => {
    const now = memoryNow();
    if (now.pssMiB > peak.pssMiB) peak = now;
  }, 50);
  const classes = Array.from({ length: CLASSES }, (_, i) => ({ class: i + 1, expected: CLASS_SIZE }));
  const ids = [];
  for (let t = 0; t < TICKETS; t += 1) ids.push(await insertTicket(db, { client_id: school.id, document_id: card.id, user_id: user.id, grade: 2, print_order: 'seat', total_students: CLASSES * CLASS_SIZE }, classes));
  const started = performance.now();
  const jobs = await queue.addBulk(ids.map((id) => ({ name: 'ticket', data: { ticketId: id }, opts: { jobId: ticketJobId(id) } })));
  const outcomes = await Promise.allSettled(jobs.map((job) => job.waitUntilFinished(events, 600_000)));
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const failed = outcomes.filter((o) => o.status === 'rejected').length;
  const students = TICKETS * CLASSES * CLASS_SIZE;
  console.log(`${TICKETS} print tickets of ${CLASSES * CLASS_SIZE} students (one-page card) queued at once on ${workerCount} print worker process(es) (load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} CPUs)`);
  console.log(`  all done in ${(elapsed / 1000).toFixed(1)} s: ${(students / (elapsed / 1000)).toFixed(0)} students/s, ${failed} failed`);
  console.log(`  peak of the workers together: PSS ${Math.round(peak.pssMiB)} MiB (${Math.round(peak.pssMiB / workerCount)} a worker), RSS ${Math.round(peak.rssMiB)} MiB`);
  if (failed > 0) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.filter((child) => child.exitCode === null).map((child) => once(child, 'exit')));
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
  await rm(bundleDir, { recursive: true, force: true });
  await database.drop();
}
process.exit();
