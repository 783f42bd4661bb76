// `npm run bench:scan-job`: the whole scan batch job in a warm scan worker — BullMQ job start →
// the upload from storage → pdftoppm → readPage → every page's row and review image stored →
// batch done — over a scanner's PDF of a real class print (tests/support/scan-corpus, office
// profile, 200 dpi), on a throw-away database and storage folder. Median of 3 batches; peak RSS
// of this process (the worker). The target: ≥ 10 pages/s on this 2-core machine.
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { loadConfig } from '../src/server/config';
import { createDb } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { insertBatch, updateBatch } from '../src/server/repos/scan.repo';
import { LocalStorage } from '../src/server/storage/local-storage';
import { readPage } from '../src/scan/read-page';
import { cardAnswers } from '../src/server/services/scan/scan-answers';
import { scanFileKey, scanJobId } from '../src/worker/jobs/scan-batch.types';
import { startScanWorker } from '../src/worker/scan-worker';
import { createSchool, createUser } from '../tests/support/fixtures';
import { PROFILES, scanCorpus } from '../tests/support/scan-corpus/corpus';
import { toJpeg, toScanPdf } from '../tests/support/scan-corpus/encode';
import { realClassPrint } from '../tests/support/scan-corpus/real-print';

const STUDENTS = Number(process.env.BENCH_SCAN_STUDENTS ?? 40);
const DPI = 200;
const config = loadConfig();
const server = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const name = `acs_bench_scan_${Date.now()}`;
const onServer = async (statement: string) => {
  const connection = await createConnection(server);
  await connection.query(statement);
  await connection.end();
};

await onServer(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
await migrateToLatest(`${server}/${name}`);
const db = createDb(`${server}/${name}`, 4);
const storage = new LocalStorage(await mkdtemp(join(tmpdir(), 'acs-bench-scan-job-')));
try {
  // The school, its roster (ids as the print named them) and the converted card (id as printed).
  const print = await realClassPrint(STUDENTS);
  const school = await createSchool(db);
  const user = await createUser(db, school.id);
  await db.insertInto('students').values(print.students.map((s) => ({ id: s.id!, client_id: school.id, grade: s.grade!, class: s.class!, seat: s.seat!, number: s.number, name: s.name }))).execute();
  await storage.put('bench/geometry.json', Buffer.from(JSON.stringify(print.map)), 'application/json');
  await db.insertInto('documents').values({ id: print.document, guid: `bench-${Date.now()}`, kind: 'card', client_id: school.id, user_id: user.id, title: 'bench', mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: null, status: 'converted', geometry_key: 'bench/geometry.json' }).execute();

  const jpegs: Uint8Array[] = [];
  for await (const { image, jpegQuality } of scanCorpus({ map: print.map, print, document: print.document, students: STUDENTS, dpi: DPI, profile: PROFILES.office, seed: 12, blankBacks: 0.1 })) jpegs.push(await toJpeg(image, jpegQuality ?? 90));
  const upload = Buffer.from(await toScanPdf(jpegs, DPI));
  console.log(`scan PDF: ${jpegs.length} pages (${STUDENTS} students × ${print.map.pages} + blank backs), ${(upload.length / 1e6).toFixed(1)} MB, ${DPI} dpi; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);

  const prefix = `${config.REDIS_PREFIX}:bench-scan-${process.pid}`;
  const scan = startScanWorker({ redisUrl: config.REDIS_URL, prefix, storage, db, readPage });
  const started = new Map<string, number>();
  const done = new Map<string, () => void>();
  scan.worker.on('active', (job) => started.set(job.id!, performance.now()));
  scan.worker.on('completed', (job) => done.get(job.id!)?.());
  scan.worker.on('failed', (job, error) => console.error(`batch ${job?.id} failed: ${error.message}`));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);

  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const batchId = await insertBatch(db, { client_id: school.id, document_id: print.document, user_id: user.id, filename: 'bench.pdf', file_key: '', file_size: upload.length, pages_total: jpegs.length });
    await storage.put(scanFileKey(school.id, batchId), upload, 'application/pdf');
    await updateBatch(db, batchId, { file_key: scanFileKey(school.id, batchId) });
    const finished = new Promise<void>((resolve) => done.set(scanJobId(batchId), resolve));
    await scan.queue.add('batch', { batchId }, { jobId: scanJobId(batchId) });
    await finished;
    const seconds = (performance.now() - started.get(scanJobId(batchId))!) / 1000;
    times.push(seconds);
    const pages = await db.selectFrom('scan_pages').select(['status']).where('batch_id', '=', batchId).execute();
    const count = (status: string) => pages.filter((p) => p.status === status).length;
    console.log(`run ${run + 1}: ${pages.length} pages in ${seconds.toFixed(2)} s = ${(pages.length / seconds).toFixed(1)} pages/s; read ${count('read')}, review ${count('review')}, blank ${count('blank')}, unidentified ${count('unidentified')}, wrong card ${count('wrong_card')}`);
  }
  clearInterval(sampler);
  const median = times.sort((a, b) => a - b)[1];
  const students = await cardAnswers(db, school.id, print.document);
  console.log(`median ${(jpegs.length / median).toFixed(1)} pages/s (target ≥ 10); peak RSS ${(peak / 1e6).toFixed(0)} MB; answers stored for ${students.length}/${STUDENTS} students`);
  await scan.queue.obliterate({ force: true });
  await scan.close();
} finally {
  await db.destroy();
  await onServer(`DROP DATABASE \`${name}\``);
}
