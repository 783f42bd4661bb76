import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startScanWorker } from '../../src/worker/scan-worker';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload } from '../support/school-admin';
import type { Signed } from '../support/card-fixtures';
import { killedTestScript, numberedPdf, scanSchool, scriptedReader, storeScanCard } from '../support/scan-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

// A scan worker SIGKILLed mid-batch: on another worker the batch completes with every page of the
// upload stored exactly once — the pages read before the kill are not read again. And two workers
// reading one batch at once, part by part (issue 31, docs/scan-batches.md "Parts"), one SIGKILLed
// midway: the other takes over its part when the lock expires and reads only that part's pages not
// yet stored.
const prefix = `${process.env.REDIS_PREFIX}:scan-killed-${randomUUID().slice(0, 8)}`;
const LOCK_MS = 2_000;
const PAGES = 120;
const TWO_PAGES = 128;
let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };
let studentIds: number[] = [];
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 2, 30);
  studentIds = (await app.deps.db.selectFrom('students').select('id').where('client_id', '=', teacher.schoolId).orderBy('id').execute()).map((s) => s.id);
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher);
}, 60_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

/** A worker process of its own (tests/support/scan-worker-process.ts), ready; its output so far. */
async function workerProcess(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/scan-worker-process.ts'], {
    env: { ...process.env, WORKER_PREFIX: prefix, WORKER_LOCK_MS: String(LOCK_MS), SCAN_DOCUMENT_ID: String(card.id), SCAN_STUDENTS: JSON.stringify(studentIds), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.push(async () => void child.kill('SIGKILL'));
  const seen = { output: '' };
  child.stdout.on('data', (chunk: Buffer) => (seen.output += chunk.toString()));
  await expect.poll(() => seen.output, { timeout: 90_000, interval: 20 }).toContain('ready');
  return { child, seen };
}
const killed = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};

it("finishes a killed worker's batch with every page stored once", async () => {
  const { child } = await workerProcess();

  const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: 'stack.pdf', body: await numberedPdf(PAGES) }, teacher.token);
  const batchId = (reply.body.data as { batch_id: number }).batch_id;
  const stored = async () => (await app.deps.db.selectFrom('scan_pages').select('page_index').where('batch_id', '=', batchId).execute()).length;
  await expect.poll(stored, { timeout: 30_000, interval: 10 }).toBeGreaterThan(10);
  await killed(child);
  const atKill = await stored();
  expect(atKill).toBeLessThan(PAGES);

  const survivorReader = scriptedReader(killedTestScript(card.id, studentIds));
  const survivor = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage: survivorReader.readPage, lockDurationMs: LOCK_MS });
  cleanup.push(() => survivor.close());
  await expect.poll(async () => (await app.deps.db.selectFrom('scan_batches').select('state').where('id', '=', batchId).executeTakeFirstOrThrow()).state, { timeout: 60_000, interval: 200 }).toBe('done');

  const pages = await app.deps.db.selectFrom('scan_pages').select(['page_index', 'status', 'student_id']).where('batch_id', '=', batchId).orderBy('page_index').execute();
  expect(pages.map((p) => p.page_index)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
  expect(pages.every((p) => p.status === 'read' && p.student_id !== null)).toBe(true);
  // The survivor read only what was not stored: nothing twice.
  expect(survivorReader.calls.length).toBe(PAGES - atKill);
  expect(new Set(survivorReader.calls).size).toBe(survivorReader.calls.length);
  const batch = await app.deps.db.selectFrom('scan_batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
  expect([batch.pages_total, batch.pages_done]).toEqual([PAGES, PAGES]);
  console.log(`[scan] killed after ${atKill} of ${PAGES} pages; the survivor read the other ${survivorReader.calls.length}`);
  await survivor.close();
}, 120_000);

it('reads one batch on two workers, one killed midway, every page exactly once', async () => {
  const { child, seen } = await workerProcess({ SCAN_READ_DELAY_MS: '30', SCAN_REPORT_READS: '1' });
  const childReads = () => [...seen.output.matchAll(/^read (\d+)$/gm)].map((m) => Number(m[1]));

  const reader = scriptedReader(killedTestScript(card.id, studentIds), 30);
  const survivor = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage: reader.readPage, lockDurationMs: LOCK_MS });
  cleanup.push(() => survivor.close());
  const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: 'stack-2.pdf', body: await numberedPdf(TWO_PAGES) }, teacher.token);
  const batchId = (reply.body.data as { batch_id: number }).batch_id;
  const storedIndexes = async () => (await app.deps.db.selectFrom('scan_pages').select('page_index').where('batch_id', '=', batchId).execute()).map((p) => p.page_index);

  // Both read at once: each has stored pages of its own.
  await expect.poll(async () => {
    const stored = new Set(await storedIndexes());
    const mine = new Set(reader.calls);
    return Math.min([...stored].filter((i) => !mine.has(i)).length, [...stored].filter((i) => mine.has(i)).length);
  }, { timeout: 30_000, interval: 20 }).toBeGreaterThan(10);
  await killed(child);
  const readBySurvivor = new Set(reader.calls);
  const storedByChild = (await storedIndexes()).filter((i) => !readBySurvivor.has(i));
  const readByChild = childReads();
  expect(storedByChild.length).toBeLessThan(TWO_PAGES);

  await expect.poll(async () => (await app.deps.db.selectFrom('scan_batches').select('state').where('id', '=', batchId).executeTakeFirstOrThrow()).state, { timeout: 180_000, interval: 200 }).toBe('done');
  const pages = await app.deps.db.selectFrom('scan_pages').select(['page_index', 'status', 'student_id']).where('batch_id', '=', batchId).orderBy('page_index').execute();
  expect(pages.map((p) => p.page_index)).toEqual(Array.from({ length: TWO_PAGES }, (_, i) => i + 1));
  expect(pages.every((p) => p.status === 'read' && p.student_id !== null)).toBe(true);
  // The survivor read each page at most once, and none the killed worker had stored.
  expect(new Set(reader.calls).size).toBe(reader.calls.length);
  expect(reader.calls.filter((n) => storedByChild.includes(n))).toEqual([]);
  // Every page was read by one worker or the other; only pages the killed worker read but had not stored yet were read twice.
  const twice = reader.calls.filter((n) => readByChild.includes(n));
  expect(twice.every((n) => !storedByChild.includes(n))).toBe(true);
  expect(twice.length).toBeLessThanOrEqual(48 + 3); // at most the rows it had not written yet (MAX_UNWRITTEN) and pages decoded ahead
  const parts = await app.deps.db.selectFrom('scan_batch_parts').select(['state', 'pages_done', 'first_page', 'last_page']).where('batch_id', '=', batchId).orderBy('part_no').execute();
  expect(parts.every((p) => p.state === 'done' && p.pages_done === p.last_page - p.first_page + 1)).toBe(true);
  const batch = await app.deps.db.selectFrom('scan_batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
  expect([batch.pages_total, batch.pages_done]).toEqual([TWO_PAGES, TWO_PAGES]);
  console.log(`[scan parts] ${parts.length} parts; killed worker stored ${storedByChild.length} pages (read ${readByChild.length}); the survivor read ${reader.calls.length}, ${twice.length} of them read before by the killed one but not stored`);
}, 240_000);
