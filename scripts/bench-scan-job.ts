// `npm run bench:scan-job`: the whole scan batch job in a warm scan worker — BullMQ job start →
// the upload from storage → pages taken out of the PDF → readPage → every page's row and review
// image stored → batch done — over a scanner's PDF of a real class print (tests/support/scan-corpus,
// office profile, 200 dpi grey JPEG pages), on a throw-away database and storage folder. The worker
// runs in its own process (scripts/bench-scan-worker.ts), as in production, so its CPU time and
// peak RSS are its own. Median of 3 batches, then one batch of ≥ 1,000 pages (the same stack
// repeated; BENCH_SCAN_BIG_PAGES=0 skips it) for the worker's peak RSS. The targets:
// ≥ 10 pages/s on this 2-core machine, peak worker RSS < 500 MB for 1,000 pages.
// The corpus PDF is generated once and kept in the temp folder (it takes longer than the bench).
// The worker is bundled and started with production's node flags (scripts/lib/scan-bench-worker.ts:
// BENCH_WORKER_NODE_FLAGS replaces them, BENCH_WORKER_NODE_ARGS adds arguments, e.g. "--trace-gc");
// BENCH_WORKER_LOG names a file for the worker's standard output (what --trace-gc prints).
// BENCH_SCAN_JOB_PHOTOS=1 reads phone photos instead (issue 29): the photo corpus within the limits
// (tests/support/scan-corpus/photo.ts, seed 29, BENCH_PHOTO_STUDENTS (10) students' pages, every
// fourth at the limits' corner), one ZIP of JPEGs for each of 12 MP and 3 MP, an untimed batch to
// warm the worker, then 3 timed: the worker's CPU a photo is what reading a photo costs in production
// (its node flags, its heap), the job's own work (storage, rows, review images) included.
import { execFile, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { loadConfig } from '../src/data/config';
import { createDb } from '../src/data/db/database';
import { migrateToLatest } from '../src/data/db/migrate';
import { insertBatch, updateBatch } from '../src/data/repos/scan.repo';
import { LocalStorage } from '../src/data/storage/local-storage';
import { studentAnswersOf } from '../src/core/services/scan/student-answers';
import { pdfPageCount } from '../src/scan/pdf-pages';
import { openQueue } from '../src/data/queues';
import { scanFileKey } from '../src/shared/jobs/scan-batch-job';
import { queueScanBatch } from '../src/core/services/scan/scan-queue';
import { createSchool, createUser } from '../tests/support/fixtures';
import { BENCH_DPI as DPI, benchCorpus } from './lib/scan-bench-corpus';
import { treeCpuSeconds } from './lib/process-tree-usage';
import { scanBenchWorker } from './lib/scan-bench-worker';
import { realClassPrint } from '../tests/support/scan-corpus/real-print';
import { photoCorpus } from '../tests/support/scan-corpus/photo';
import { storedZip } from '../tests/support/stored-zip';

const STUDENTS = Number(process.env.BENCH_SCAN_STUDENTS ?? 40);
const BIG_PAGES = Number(process.env.BENCH_SCAN_BIG_PAGES ?? 1000);
const PHOTOS = Boolean(process.env.BENCH_SCAN_JOB_PHOTOS);
const PHOTO_STUDENTS = Number(process.env.BENCH_PHOTO_STUDENTS ?? 10);
const run = promisify(execFile);
const config = loadConfig();
const server = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const name = `acs_bench_scan_${Date.now()}`;
const onServer = async (statement: string) => {
  const connection = await createConnection(server);
  await connection.query(statement);
  await connection.end();
};
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/**
 * The worker's CPU ticks (1/100 s) by thread: the event loop (the main thread: the reader, the
 * job's code), its other node threads (V8's GC helpers, libuv's pool), libvips' workers (decode,
 * encode; threads already ended are counted here too: their time stays with the process), and
 * the poppler children it has waited for.
 */
type ThreadTicks = { main: number; node: number; vips: number; children: number };
function threadTicks(pid: number): ThreadTicks {
  const fields = (path: string) => { const stat = readFileSync(path, 'utf8'); return stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number); };
  const own = fields(`/proc/${pid}/stat`);
  const ticks: ThreadTicks = { main: 0, node: 0, vips: 0, children: own[13] + own[14] };
  let live = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = fields(`/proc/${pid}/task/${tid}/stat`);
      const used = f[11] + f[12];
      live += used;
      if (Number(tid) === pid) ticks.main += used;
      else if (readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('node')) ticks.node += used;
      else ticks.vips += used;
    } catch {
      // the thread ended between listing and reading: its time is counted with the ended ones
    }
  }
  ticks.vips += own[11] + own[12] - live;
  return ticks;
}

const peakRssMb = (pid: number) => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

// Bundled first: a failed build leaves no database behind.
const workerCommand = await scanBenchWorker();
await onServer(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
const databaseUrl = `${server}/${name}`;
await migrateToLatest(databaseUrl);
const db = createDb(databaseUrl, 4);
const storageDir = await mkdtemp(join(tmpdir(), 'acs-bench-scan-job-'));
const storage = new LocalStorage(storageDir);
const prefix = `${config.REDIS_PREFIX}:bench-scan-${process.pid}`;
const queue = openQueue('scan', config.REDIS_URL, prefix);
const worker = spawn(process.execPath, workerCommand.args, {
  env: { ...process.env, REDIS_URL: config.REDIS_URL, WORKER_PREFIX: prefix, STORAGE_DIR: storageDir, DATABASE_URL: databaseUrl },
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (process.env.BENCH_WORKER_LOG) worker.stdout.pipe(createWriteStream(process.env.BENCH_WORKER_LOG));
try {
  // Photos: the print itself (the photo corpus draws its sheets), else the cached scanner PDF's.
  const photoPrint = PHOTOS ? await realClassPrint(STUDENTS) : null;
  const { pdf, print } = photoPrint ? { pdf: '', print: photoPrint } : await benchCorpus(STUDENTS);
  const school = await createSchool(db);
  const user = await createUser(db, school.id);
  await db.insertInto('students').values(print.students.map((s) => ({ id: s.id!, client_id: school.id, grade: s.grade!, class: s.class!, seat: s.seat!, number: s.number, name: s.name }))).execute();
  await storage.put('bench/geometry.json', Buffer.from(JSON.stringify(print.map)), 'application/json');
  await db.insertInto('documents').values({ id: print.document, guid: `bench-${Date.now()}`, kind: 'card', client_id: school.id, user_id: user.id, title: 'bench', mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: null, status: 'converted', geometry_key: 'bench/geometry.json' }).execute();
  const pages = photoPrint ? 0 : await pdfPageCount(pdf);
  if (!photoPrint) console.log(`scan PDF: ${pages} pages (${STUDENTS} students × ${print.map.pages} + blank backs), ${(statSync(pdf).size / 1e6).toFixed(1)} MB, ${DPI} dpi grey JPEG; worker node flags ${workerCommand.flags}; ${cpus().length} cores, load ${load()}`);
  await new Promise<void>((resolve, reject) => {
    worker.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    worker.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
  });

  /** One batch of `file` through the worker: queued (as parts) to done, its CPU and the worker's peak RSS so far. */
  async function batch(file: string, imagePages?: number, type = 'application/pdf'): Promise<{ seconds: number; pages: number; cpu: number; threads: ThreadTicks; statuses: string }> {
    const batchId = await insertBatch(db, { client_id: school.id, document_id: print.document, user_id: user.id, filename: imagePages === undefined ? 'bench.pdf' : 'photos.zip', file_key: '', file_size: statSync(file).size, pages_total: 0 });
    await storage.put(scanFileKey(school.id, batchId), createReadStream(file), type);
    await updateBatch(db, batchId, { file_key: scanFileKey(school.id, batchId) });
    const cpuBefore = treeCpuSeconds(worker.pid!);
    const ticksBefore = threadTicks(worker.pid!);
    const pagesTotal = imagePages ?? (await pdfPageCount(file));
    await updateBatch(db, batchId, { pages_total: pagesTotal });
    const started = Date.now();
    await queueScanBatch(db, queue, { id: batchId, client_id: school.id, pages_total: pagesTotal }, config.SCAN_PART_PAGES);
    for (;;) {
      const row = await db.selectFrom('scan_batches').select(['state', 'error']).where('id', '=', batchId).executeTakeFirstOrThrow();
      if (row.state === 'failed') throw new Error(`batch ${batchId} failed: ${row.error}`);
      if (worker.exitCode !== null || worker.signalCode !== null) throw new Error(`the worker exited (${worker.exitCode ?? worker.signalCode})`);
      if (row.state === 'done') {
        const seconds = (Date.now() - started) / 1000;
        const rows = await db.selectFrom('scan_pages').select(['status']).where('batch_id', '=', batchId).execute();
        const count = (status: string) => rows.filter((p) => p.status === status).length;
        const statuses = `read ${count('read')}, review ${count('review')}, blank ${count('blank')}, unidentified ${count('unidentified')}, wrong card ${count('wrong_card')}`;
        const after = threadTicks(worker.pid!);
        const threads = { main: after.main - ticksBefore.main, node: after.node - ticksBefore.node, vips: after.vips - ticksBefore.vips, children: after.children - ticksBefore.children };
        return { seconds, pages: rows.length, cpu: treeCpuSeconds(worker.pid!) - cpuBefore, threads, statuses };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const threadLine = (t: ThreadTicks, pages: number) => `event loop ${((10 * t.main) / pages).toFixed(0)}, other node threads ${((10 * t.node) / pages).toFixed(0)}, libvips ${((10 * t.vips) / pages).toFixed(0)}, poppler ${((10 * t.children) / pages).toFixed(0)}`;
  const line = (r: Awaited<ReturnType<typeof batch>>) =>
    `${r.pages} pages in ${r.seconds.toFixed(2)} s = ${(r.pages / r.seconds).toFixed(1)} pages/s; worker CPU ${((1000 * r.cpu) / r.pages).toFixed(0)} ms a page (${threadLine(r.threads, r.pages)}); load ${load()}`;

  if (photoPrint) {
    const photos = await photoCorpus({ map: photoPrint.map, print: photoPrint, firstStudent: 0, document: photoPrint.document, students: Math.min(STUDENTS, PHOTO_STUDENTS), seed: 29, set: 'within' });
    console.log(`phone photos within the limits: ${photos.length} (${PHOTO_STUDENTS} students × ${photoPrint.map.pages} pages); worker node flags ${workerCommand.flags}; ${cpus().length} cores, load ${load()}`);
    for (const mp of [12, 3] as const) {
      const set = photos.filter((p) => p.params.megapixels === mp);
      const zip = join(storageDir, `photos-${mp}.zip`);
      await writeFile(zip, storedZip(set.map((p, i) => ({ name: `IMG_${1000 + i}.jpg`, body: p.jpeg }))));
      await batch(zip, set.length, 'application/zip');
      const cpu: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await batch(zip, set.length, 'application/zip');
        cpu.push((1000 * r.cpu) / r.pages);
        console.log(`${mp} MP run ${i + 1}: ${line(r)}; ${r.statuses}`);
      }
      console.log(`${mp} MP: worker CPU ${cpu.sort((a, b) => a - b)[1].toFixed(0)} ms a photo, median of 3 after a warm-up batch (target for 12 MP ≤ 250); worker peak RSS ${peakRssMb(worker.pid!).toFixed(0)} MB`);
    }
  } else {
    const rates: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await batch(pdf);
      rates.push(r.pages / r.seconds);
      console.log(`run ${i + 1}: ${line(r)}; ${r.statuses}`);
    }
    const students = await studentAnswersOf(db, school.id, print.document);
    console.log(`median ${rates.sort((a, b) => a - b)[1].toFixed(1)} pages/s (target ≥ 15, aim 25); answers stored for ${students.length}/${STUDENTS} students; worker peak RSS ${peakRssMb(worker.pid!).toFixed(0)} MB; load ${load()}`);

    if (BIG_PAGES > 0) {
      const big = join(storageDir, 'big.pdf');
      await run('pdfunite', [...Array.from({ length: Math.ceil(BIG_PAGES / pages) }, () => pdf), big]);
      const r = await batch(big);
      await rm(big);
      console.log(`big batch: ${line(r)}; worker peak RSS ${peakRssMb(worker.pid!).toFixed(0)} MB (target < 500)`);
    }
  }
} finally {
  worker.kill('SIGTERM');
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  await db.destroy();
  await onServer(`DROP DATABASE \`${name}\``);
  await rm(storageDir, { recursive: true, force: true });
  await workerCommand.remove();
}
