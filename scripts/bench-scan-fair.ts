// `npm run bench:scan-fair` (issue 31, docs/scan-batches.md "Parts", "Fair order"): scan batches
// split into page-range parts, with the real page reader in worker processes of their own
// (scripts/bench-scan-worker.ts), on a throw-away database, storage folder and queue prefix.
//
// (a) Fair order: school A queues three stacks of BENCH_FAIR_STACK pages (default 100), then school
//     B a BENCH_FAIR_QUIZ-page quiz (default 4), one worker. Target: B done ≤ 10 s after its upload
//     (it was 16.6 s when a batch was one job, first in first out). B's quiz alone is timed first.
//     BENCH_FAIR_STACK=0 skips it.
// (b) Parallel parts: one batch of BENCH_PARALLEL_PAGES pages (default 1,000; 0 skips) read by one
//     worker pinned to one core (`taskset -c 0`), then another by two workers pinned one core each
//     (`taskset -c 0`, `-c 1`). Target: two read ≥ 1.8× the pages per second of one. Measured in
//     BENCH_PARALLEL_ROUNDS alternating rounds (default 3: one, two, one, two, …): this machine's
//     CPU time a page varies by ±8 % from minute to minute (57–64 ms a page alone), so a single pair
//     says as much about the minute as about the code; each round's ratio and the ratio of the
//     median rates are printed.
// The machine's load average is printed beside every figure: on a shared machine the ratio says as
// much about the neighbours as about the code. BENCH_SCAN_STUDENTS sizes the stack (default 40).
// The workers run as production's (bundled, its node flags; scripts/lib/scan-bench-worker.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { loadConfig } from '../src/data/config';
import { createDb } from '../src/data/db/database';
import { migrateToLatest } from '../src/data/db/migrate';
import { insertBatch, updateBatch } from '../src/data/repos/scan.repo';
import { queueScanBatch } from '../src/core/services/scan/scan-queue';
import { LocalStorage } from '../src/data/storage/local-storage';
import { openQueue } from '../src/data/queues';
import { scanFileKey } from '../src/shared/jobs/scan-batch-job';
import { createSchool, createUser } from '../tests/support/fixtures';
import { benchCorpus, pagesPdf } from './lib/scan-bench-corpus';
import { treeCpuSeconds } from './lib/process-tree-usage';
import { scanBenchWorker } from './lib/scan-bench-worker';

const STUDENTS = Number(process.env.BENCH_SCAN_STUDENTS ?? 40);
const STACK = Number(process.env.BENCH_FAIR_STACK ?? 100);
const QUIZ = Number(process.env.BENCH_FAIR_QUIZ ?? 4);
const PARALLEL = Number(process.env.BENCH_PARALLEL_PAGES ?? 1000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_PARALLEL_ROUNDS ?? 3));
const config = loadConfig();
const server = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const name = `acs_bench_scan_fair_${Date.now()}`;
const onServer = async (statement: string) => {
  const connection = await createConnection(server);
  await connection.query(statement);
  await connection.end();
};
const load = () => `load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Bundled first: a failed build leaves no database behind.
const workerCommand = await scanBenchWorker();
await onServer(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
const databaseUrl = `${server}/${name}`;
await migrateToLatest(databaseUrl);
const db = createDb(databaseUrl, 4);
const storageDir = await mkdtemp(join(tmpdir(), 'acs-bench-scan-fair-'));
const storage = new LocalStorage(storageDir);
const prefix = `${config.REDIS_PREFIX}:bench-scan-fair-${process.pid}`;
const queue = openQueue('scan', config.REDIS_URL, prefix);
const workers = new Set<ChildProcess>();

/** CPU seconds of the database and Redis servers on this machine (when found) and of this process: the work that shares the workers' cores. */
function servicesCpuSeconds(): number[] {
  const of = (name: string) => spawnSync('pgrep', ['-x', name], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).reduce((sum, pid) => sum + treeCpuSeconds(Number(pid)), 0);
  const own = process.cpuUsage();
  return [of('mariadbd') + of('mysqld'), of('redis-server'), (own.user + own.system) / 1e6];
}

/** A scan worker process (the production scan worker, real reader), pinned to `core` when given. */
async function startWorker(core?: number): Promise<ChildProcess> {
  const node = [process.execPath, ...workerCommand.args];
  const [command, ...args] = core === undefined ? node : ['taskset', '-c', String(core), ...node];
  const child = spawn(command, args, { env: { ...process.env, REDIS_URL: config.REDIS_URL, WORKER_PREFIX: prefix, STORAGE_DIR: storageDir, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  workers.add(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`a worker exited (${code})`)));
  });
  return child;
}
async function stopWorker(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  workers.delete(child);
}

try {
  const { pdf, print, pageStudents } = await benchCorpus(STUDENTS);
  const source = readFileSync(pdf);
  // School B owns the last two students of the print; school A the others (B's quiz is their pages).
  const bStudents = new Set(print.students.slice(-2).map((s) => s.id!));
  const schoolA = await createSchool(db);
  const schoolB = await createSchool(db);
  const userA = await createUser(db, schoolA.id);
  const userB = await createUser(db, schoolB.id);
  await db.insertInto('students').values(print.students.map((s) => ({ id: s.id!, client_id: bStudents.has(s.id!) ? schoolB.id : schoolA.id, grade: s.grade!, class: s.class!, seat: s.seat!, number: s.number, name: s.name }))).execute();
  await storage.put('bench/geometry.json', Buffer.from(JSON.stringify(print.map)), 'application/json');
  await db.insertInto('documents').values({ id: print.document, guid: `bench-${Date.now()}`, kind: 'card', client_id: schoolA.id, user_id: userA.id, title: 'bench', mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: null, status: 'converted', geometry_key: 'bench/geometry.json' }).execute();
  const all = pageStudents.map((_, i) => i + 1);
  const aPages = all.filter((p) => !bStudents.has(pageStudents[p - 1] ?? -1));
  const cycle = (pages: number[], n: number) => Array.from({ length: n }, (_, i) => pages[i % pages.length]);
  const bPages = cycle(all.filter((p) => bStudents.has(pageStudents[p - 1] ?? -1)), QUIZ);
  const files = { stack: join(storageDir, 'stack.pdf'), quiz: join(storageDir, 'quiz.pdf'), big: join(storageDir, 'big.pdf') };
  writeFileSync(files.stack, await pagesPdf(source, cycle(aPages, STACK)));
  writeFileSync(files.quiz, await pagesPdf(source, bPages));
  console.log(`stack: ${STACK} pages of school A's students; quiz: ${QUIZ} pages of school B's; worker node flags ${workerCommand.flags}; ${cpus().length} cores, ${load()}`);

  /** A batch of `file` queued as parts (as an upload does); its id and when it was queued. */
  async function queueBatch(school: { id: number }, user: { id: number }, file: string, pages: number) {
    const batchId = await insertBatch(db, { client_id: school.id, document_id: print.document, user_id: user.id, filename: 'bench.pdf', file_key: scanFileKey(school.id, 0), file_size: 0, pages_total: pages });
    await storage.put(scanFileKey(school.id, batchId), readFileSync(file), 'application/pdf');
    await updateBatch(db, batchId, { file_key: scanFileKey(school.id, batchId) });
    await queueScanBatch(db, queue, { id: batchId, client_id: school.id, pages_total: pages }, config.SCAN_PART_PAGES);
    return { batchId, queuedAt: Date.now() };
  }
  /** Waits for the batch to finish; seconds since it was queued, and its pages by status. */
  async function finished(batch: { batchId: number; queuedAt: number }) {
    // Timed by the batch's own finished_at (the worker's clock, this machine's), so the poll can be
    // slow: polling every 25 ms cost this process 2.6 ms of CPU a page, on the cores the workers use.
    let finishedAt: Date;
    for (;;) {
      const row = await db.selectFrom('scan_batches').select(['state', 'error', 'finished_at']).where('id', '=', batch.batchId).executeTakeFirstOrThrow();
      if (row.state === 'failed') throw new Error(`batch ${batch.batchId} failed: ${row.error}`);
      if (row.state === 'done') {
        finishedAt = row.finished_at!;
        break;
      }
      await sleep(250);
    }
    const seconds = (finishedAt.getTime() - batch.queuedAt) / 1000;
    const rows = await db.selectFrom('scan_pages').select('status').where('batch_id', '=', batch.batchId).execute();
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    return { seconds, finishedAt, pages: rows.length, statuses: `read ${count('read')}, review ${count('review')}, blank ${count('blank')}, unidentified ${count('unidentified')}` };
  }

  // (a) Fair order, one worker (BENCH_FAIR_STACK=0 skips it).
  async function fairOrder() {
    const worker = await startWorker();
    const alone = await finished(await queueBatch(schoolB, userB, files.quiz, QUIZ));
    console.log(`(a) B's quiz alone: ${alone.pages} pages in ${alone.seconds.toFixed(2)} s (${alone.statuses}); ${load()}`);
    const stacks = [];
    for (let i = 0; i < 3; i++) stacks.push(await queueBatch(schoolA, userA, files.stack, STACK));
    while (!(await db.selectFrom('scan_pages').select('id').where('batch_id', '=', stacks[0].batchId).limit(1).executeTakeFirst())) await sleep(25);
    const quiz = await finished(await queueBatch(schoolB, userB, files.quiz, QUIZ));
    const aRead = (await db.selectFrom('scan_pages').select('id').where('client_id', '=', schoolA.id).execute()).length;
    console.log(`(a) B's quiz behind ${3 * STACK} pages of A: done ${quiz.seconds.toFixed(2)} s after its upload (target ≤ 10 s; was 16.6 s first in, first out), A had read ${aRead} pages by then; ${load()}`);
    const stacksDone = await finished(stacks[2]);
    console.log(`(a) A's three stacks done ${stacksDone.seconds.toFixed(1)} s after the last was queued; ${load()}`);
    await stopWorker(worker);
  }
  if (STACK > 0) await fairOrder();

  // (b) One batch on one pinned worker, then on two.
  if (PARALLEL > 0) {
    writeFileSync(files.big, await pagesPdf(source, cycle(aPages, PARALLEL)));
    const rate = async (cores: number[]) => {
      const started = await Promise.all(cores.map((c) => startWorker(c)));
      const cpuBefore = started.map((w) => treeCpuSeconds(w.pid!));
      const servicesBefore = servicesCpuSeconds();
      const batch = await queueBatch(schoolA, userA, files.big, PARALLEL);
      const r = await finished(batch);
      const cpu = started.map((w, i) => treeCpuSeconds(w.pid!) - cpuBefore[i]);
      const services = servicesCpuSeconds().map((c, i) => c - servicesBefore[i]);
      // When the parts ended against the batch's end: idle cores at the tail and the finish job's share.
      const parts = await db.selectFrom('scan_batch_parts').select(['finished_at']).where('batch_id', '=', batch.batchId).orderBy('finished_at').execute();
      const end = r.finishedAt.getTime();
      const ago = (row?: { finished_at: Date | null }) => (row?.finished_at ? ((end - row.finished_at.getTime()) / 1000).toFixed(2) : '?');
      for (const w of started) await stopWorker(w);
      const perSecond = r.pages / r.seconds;
      console.log(`(b) ${cores.length} worker${cores.length > 1 ? 's' : ''} pinned to core${cores.length > 1 ? 's' : ''} ${cores.join(', ')}: ${r.pages} pages in ${r.seconds.toFixed(1)} s = ${perSecond.toFixed(2)} pages/s; worker CPU ${cpu.map((c) => `${((1000 * c) / r.pages).toFixed(0)} ms`).join(' + ')} a page; MySQL ${((1000 * services[0]) / r.pages).toFixed(1)} + Redis ${((1000 * services[1]) / r.pages).toFixed(1)} + this process ${((1000 * services[2]) / r.pages).toFixed(1)} ms a page; the last two parts ended ${ago(parts.at(-2))} s and ${ago(parts.at(-1))} s before the batch; ${load()}`);
      return perSecond;
    };
    const ones: number[] = [];
    const twos: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      ones.push(await rate([0]));
      twos.push(await rate([0, 1]));
      console.log(`(b) round ${round}: two workers / one ${(twos.at(-1)! / ones.at(-1)!).toFixed(2)}×`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`(b) two workers / one: ${(median(twos) / median(ones)).toFixed(2)}× of the median rates (${median(twos).toFixed(1)} / ${median(ones).toFixed(1)} pages/s over ${ROUNDS} round${ROUNDS > 1 ? 's' : ''}; target ≥ 1.8×); ${load()}`);
  }
} finally {
  for (const w of workers) w.kill('SIGKILL');
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  await db.destroy();
  await onServer(`DROP DATABASE \`${name}\``);
  await rm(storageDir, { recursive: true, force: true });
  await workerCommand.remove();
}
