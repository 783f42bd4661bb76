import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startScanWorker } from '../../src/worker/scan-worker';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload } from '../support/school-admin';
import type { Signed } from '../support/card-fixtures';
import { killedTestScript, numberedPdf, scanSchool, scriptedReader, storeScanCard } from '../support/scan-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

// Fair order across schools (issue 31, docs/scan-batches.md "Fair order"): school A uploads three
// stacks of 100 pages, then school B a 4-page quiz; with one worker, B's quiz is read after at most
// one part of A's (not after all 300 pages), because each part's priority is its school's fair rank.
const prefix = `${process.env.REDIS_PREFIX}:scan-fair-${randomUUID().slice(0, 8)}`;
const B_FROM = 500; // B's pages carry numbers from 500, so one scripted reader serves both schools
let app: TestApp;
const schools: { teacher: Signed; card: { id: number; guid: string }; students: number[] }[] = [];
const cleanup: (() => Promise<void>)[] = [];

async function school() {
  const teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 2, 30);
  const students = (await app.deps.db.selectFrom('students').select('id').where('client_id', '=', teacher.schoolId).orderBy('id').execute()).map((s) => s.id);
  return { teacher, card: await storeScanCard(app.deps.db, app.deps.storage, teacher), students };
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  schools.push(await school(), await school());
}, 60_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

it("reads another school's small batch after one part of a big one, not after all of it", async () => {
  const [a, b] = schools;
  const scriptA = killedTestScript(a.card.id, a.students);
  const scriptB = killedTestScript(b.card.id, b.students);
  const reader = scriptedReader((n) => (n >= B_FROM ? scriptB(n - B_FROM + 1) : scriptA(n)), 30);
  const stack = await numberedPdf(100);
  const quiz = await numberedPdf(4, B_FROM);
  const upload = async (who: typeof a, name: string, body: Buffer) => {
    const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: who.card.guid, again: '1' }, { name, body }, who.teacher.token);
    expect(reply.status).toBe(200);
    return (reply.body.data as { batch_id: number }).batch_id;
  };
  const stored = async (clientId: number) => (await app.deps.db.selectFrom('scan_pages').select('id').where('client_id', '=', clientId).execute()).length;
  const state = async (batchId: number) => (await app.deps.db.selectFrom('scan_batches').select('state').where('id', '=', batchId).executeTakeFirstOrThrow()).state;

  const aBatches = [await upload(a, 'a1.pdf', stack), await upload(a, 'a2.pdf', stack), await upload(a, 'a3.pdf', stack)];
  const worker = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage: reader.readPage });
  cleanup.push(() => worker.close());
  await expect.poll(() => stored(a.teacher.schoolId), { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
  const queuedAt = Date.now();
  const bBatch = await upload(b, 'quiz.pdf', quiz);
  const aAtQueue = await stored(a.teacher.schoolId);
  await expect.poll(() => state(bBatch), { timeout: 60_000, interval: 20 }).toBe('done');
  const waited = (Date.now() - queuedAt) / 1000;
  const aAtDone = await stored(a.teacher.schoolId);

  // 100 pages are four parts of 25; A's parts are ranked 1, 2, 3… in turn, B's only part 1.
  const parts = await app.deps.db.selectFrom('scan_batch_parts').select(['batch_id', 'part_no', 'first_page', 'last_page', 'queue_rank']).orderBy('id').execute();
  expect(parts.filter((p) => p.batch_id === aBatches[0]).map((p) => [p.first_page, p.last_page])).toEqual([[1, 25], [26, 50], [51, 75], [76, 100]]);
  expect(parts.filter((p) => p.batch_id === aBatches[0]).map((p) => p.queue_rank)).toEqual([1, 2, 3, 4]);
  expect(parts.filter((p) => p.batch_id === bBatch).map((p) => p.queue_rank)).toEqual([1]);
  // While B waited, the worker finished at most the one part of A it was reading.
  expect(aAtDone - aAtQueue).toBeLessThanOrEqual(25);
  expect(await state(aBatches[2])).not.toBe('done');
  const quizPages = await app.deps.db.selectFrom('scan_pages').select(['page_index', 'status']).where('batch_id', '=', bBatch).orderBy('page_index').execute();
  expect(quizPages).toEqual([1, 2, 3, 4].map((i) => ({ page_index: i, status: 'read' })));
  console.log(`[fair] B's 4 pages done ${waited.toFixed(2)} s after upload, behind 300 of A's; A read ${aAtDone - aAtQueue} pages meanwhile (${aAtQueue} before)`);

  // A's first stack still finishes, every page once (the others too, in their turn: not waited for here).
  await expect.poll(() => state(aBatches[0]), { timeout: 90_000, interval: 100 }).toBe('done');
  for (const id of aBatches.slice(0, 1)) {
    const pages = await app.deps.db.selectFrom('scan_pages').select('page_index').where('batch_id', '=', id).orderBy('page_index').execute();
    expect(pages.map((p) => p.page_index)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const batch = await app.deps.db.selectFrom('scan_batches').select(['pages_total', 'pages_done']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(batch).toEqual({ pages_total: 100, pages_done: 100 });
  }
}, 180_000);
