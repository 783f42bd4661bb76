import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScanWorker } from '../../src/worker/scan-worker';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload, trpcCall } from '../support/school-admin';
import type { Signed } from '../support/card-fixtures';
import { numberedPdf, numberedPng, otherPage, readPageOf, scanSchool, scriptedReader, storeScanCard } from '../support/scan-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import type { PageReading } from '../../src/scan/page-reading';

// A phone's capture session (docs/scan-batches.md "Capture with a phone"): each captured sheet is
// its own one-page batch, read at once, and the scan screen lists the session as ONE item — its
// sheets, summary, review, answers and deletion as one — while legacy `get scanBatch` answers each
// batch exactly as before. With a scripted reader (tests/support/scan-fixtures.ts).
const prefix = `${process.env.REDIS_PREFIX}:capture-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let teacher: Signed;
let other: Signed;
let card = { id: 0, guid: '' };
let students: { id: number; class: number; seat: number; number: string; name: string }[] = [];
const pages = new Map<number, PageReading>();
const reader = scriptedReader((n) => pages.get(n) ?? otherPage('blank'));
const cleanup: (() => Promise<void>)[] = [];
const session = randomUUID();

const studentAt = (klass: number, seat: number) => students.find((s) => s.class === klass && s.seat === seat)!;
const capture = async (n: number, by = teacher, id = session, seq = n) => {
  const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid, capture: id }, { name: `capture-20261129-081500-${seq}.jpg`, body: await numberedPng(n) }, by.token);
  expect(reply.status).toBe(200);
  return (reply.body.data as { batch_id: number }).batch_id;
};
const trpc = (path: string, type: 'query' | 'mutation', input: unknown, by = teacher) => trpcCall(app, path, type, input, by.token);
type Item = { batch_id: number; filename: string; state: string; pages_total: number; pages_done: number; warnings: { kind: string; pages: number[] }[]; summary: { read: number; to_review: number; set_aside: Record<string, number>; scanned_twice: number; missing: unknown[] } | null; capture: { id: string; sheets: number; done: number; failed: number; running: number; batches: { batch_id: number; state: string }[] } | null };
const list = async () => (await trpc('scan.batches', 'query', { guid: card.guid })).data as Item[];
const settled = () => expect.poll(async () => (await list()).every((b) => b.state === 'done' || b.state === 'failed'), { timeout: 30_000, interval: 100 }).toBe(true);

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  other = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, 4);
  students = await app.deps.db.selectFrom('students').select(['id', 'class', 'seat', 'number', 'name']).where('client_id', '=', teacher.schoolId).execute();
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher);
  const worker = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage: reader.readPage });
  cleanup.push(() => worker.close());
  // The key of page 1: A, B, C, one point each.
  expect((await legacy(app, 'cards', { method: 'save', action: 'answerKey', guid: card.guid, key: { 1: { answer: 'A', points: 1 }, 2: { answer: 'B', points: 1 }, 3: { answer: 'C', points: 1 } } }, teacher.token)).status).toBe(200);
}, 60_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

describe('a capture session', () => {
  const ids: number[] = [];
  it('is one item of the batch list over its one-page batches, an uploaded file beside it as before', async () => {
    // An ordinary upload first: two pages of student 4.
    pages.set(101, readPageOf(card.id, 1, { student: studentAt(1, 4).id }, { 1: 'A', 2: 'B', 3: 'C' }));
    pages.set(102, readPageOf(card.id, 2, { student: studentAt(1, 4).id }, { 4: 'A', 5: 'A' }));
    const uploaded = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: 'class-1.pdf', body: await numberedPdf(2, 101) }, teacher.token);
    expect(uploaded.status).toBe(200);
    // Then the phone: student 1 all right, student 2 one mark unsure, a sheet with no student, sheet 1 again in the bilevel mode.
    pages.set(1, readPageOf(card.id, 1, { student: studentAt(1, 1).id }, { 1: 'A', 2: 'B', 3: 'C' }));
    pages.set(2, readPageOf(card.id, 1, { student: studentAt(1, 2).id }, { 1: 'A', 2: '?', 3: 'D' }));
    pages.set(3, otherPage('unidentified'));
    pages.set(4, { ...readPageOf(card.id, 1, { student: studentAt(1, 3).id }, { 1: 'B', 2: 'B', 3: 'C' }), flags: ['bilevel'] });
    for (const n of [1, 2, 3, 4]) ids.push(await capture(n));
    expect(new Set(ids).size).toBe(4);
    await settled();

    const items = await list();
    expect(items).toHaveLength(2);
    const [phone, file] = items;
    expect(phone).toMatchObject({ batch_id: ids[0], filename: 'capture-20261129-081500-1.jpg', state: 'done', pages_total: 4, pages_done: 4 });
    expect(phone.capture).toMatchObject({ id: session, sheets: 4, done: 4, failed: 0, running: 0 });
    expect(phone.capture!.batches.map((b) => b.batch_id)).toEqual(ids);
    expect(phone.summary).toMatchObject({ read: 3, to_review: 2, set_aside: { unidentified: 1 }, scanned_twice: 0, repeated: 0 });
    // Student 4 has a sheet (the uploaded file): nobody of class 1 is missing.
    expect(phone.summary!.missing).toEqual([]);
    // Warnings name the session's sheets (the 4th), not the pages of its batches.
    expect(phone.warnings).toMatchObject([{ kind: 'bilevel', pages: [4] }]);
    expect(file).toMatchObject({ filename: 'class-1.pdf', pages_total: 2, capture: null, summary: { read: 2, to_review: 0 } });
  });

  it('keeps legacy get scanBatch as it was, one captured sheet a batch', async () => {
    const reply = await legacy(app, 'cards', { method: 'get', action: 'scanBatch', batch_id: ids[1] }, teacher.token);
    expect(Object.keys(reply.body.data as object).sort()).toEqual(['batch_id', 'error', 'pages', 'pages_done', 'pages_total', 'state', 'warnings']);
    expect(reply.body.data).toMatchObject({ batch_id: ids[1], state: 'done', pages_total: 1, pages_done: 1, pages: [{ index: 1, status: 'review', student_number: studentAt(1, 2).number, flags: { 2: 'ambiguous' } }] });
  });

  it('answers the phone for all its sheets in one call: the student and score, or why a sheet was set aside', async () => {
    const reply = await trpc('scan.captureSheets', 'query', { guid: card.guid, batch_ids: [...ids, 999_999] });
    const sheets = reply.data as { batch_id: number; state: string; result: Record<string, unknown> | null }[];
    expect(sheets.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'missing']);
    expect(sheets[0].result).toMatchObject({ kind: 'student', name: studentAt(1, 1).name, seat: 1, score: 3, max: 3, keyed: true, to_check: 0 });
    expect(sheets[1].result).toMatchObject({ kind: 'student', seat: 2, score: 1, to_check: 1 });
    expect(sheets[2].result).toEqual({ kind: 'unread', why: 'unidentified', error: null });
    expect(sheets[3].result).toMatchObject({ kind: 'student', seat: 3, score: 2 });
    // Another school's teacher reaches nothing of the card.
    expect((await trpc('scan.captureSheets', 'query', { guid: card.guid, batch_ids: ids }, other)).status).toBe(404);
  });

  it('a sheet sent again (its answer lost on the way) is the batch it already made, nothing stored twice', async () => {
    const before = (await app.deps.db.selectFrom('scan_batches').select('id').where('document_id', '=', card.id).execute()).length;
    expect(await capture(1)).toBe(ids[0]);
    expect((await app.deps.db.selectFrom('scan_batches').select('id').where('document_id', '=', card.id).execute()).length).toBe(before);
    // In another session the same picture is a capture of its own; in the same session, so is a picture with the same bytes but its own number (the same sheet captured again).
    const elsewhere = await capture(1, teacher, randomUUID());
    expect(elsewhere).not.toBe(ids[0]);
    await settled();
    const items = await list();
    expect(items).toHaveLength(3);
    // Student 1 is now in two items: each says so.
    expect(items[0].summary).toMatchObject({ read: 1, scanned_twice: 1 });
    expect(items[1].summary).toMatchObject({ read: 3, scanned_twice: 1 });
    expect((await trpc('scan.deleteCapture', 'mutation', { guid: card.guid, capture: items[0].capture!.id })).status).toBe(200);
    const again = await capture(1, teacher, session, 5);
    expect(again).not.toBe(ids[0]);
    await settled();
    // Captured twice in its session, with the same marks: one sheet for the answers, no 「已在其他批次掃描過」, no duplicate to review.
    expect((await list())[0]).toMatchObject({ capture: { sheets: 5 }, summary: { read: 4, scanned_twice: 0, repeated: 1, to_review: 2 } });
    expect((await trpc('scan.deleteBatch', 'mutation', { batch_id: again })).status).toBe(200);
  });

  it('its sheets go to review and to the answers per class like any page', async () => {
    const review = (await trpc('scan.review', 'query', { guid: card.guid })).data as { kind: string; batch_id: number; q?: number; reason?: string }[];
    expect(review.filter((i) => ids.includes(i.batch_id)).map((i) => (i.kind === 'question' ? `q${i.q}` : i.reason))).toEqual(['q2', 'unidentified']);
    const answers = await legacy(app, 'cards', { method: 'get', action: 'answers', guid: card.guid, grade: 1, class: 1 }, teacher.token);
    const rows = (answers.body.data as { data: { student_number: string; answers: Record<string, string>; absent?: boolean }[] }).data;
    expect(rows.filter((r) => !r.absent).map((r) => r.student_number)).toEqual([1, 2, 3, 4].map((seat) => studentAt(1, seat).number));
  });

  it('is deleted and restored as one: an undo brings back what the deletion took, not a sheet deleted on its own before', async () => {
    // Sheet 3 (no student) deleted on its own first.
    expect((await trpc('scan.deleteBatch', 'mutation', { batch_id: ids[2] })).status).toBe(200);
    const deleted = await trpc('scan.deleteCapture', 'mutation', { guid: card.guid, capture: session });
    expect(deleted.data).toMatchObject({ message: '已刪除手機拍照的 3 張', sheets: 3 });
    expect((await list()).map((b) => b.filename)).toEqual(['class-1.pdf']);
    const answers = async () => ((await legacy(app, 'cards', { method: 'get', action: 'answers', guid: card.guid }, teacher.token)).body.data as { data: { student_number: string; absent?: boolean }[] }).data.filter((r) => !r.absent).map((r) => r.student_number);
    expect(await answers()).toEqual([studentAt(1, 4).number]);
    const review = (await trpc('scan.review', 'query', { guid: card.guid })).data as { batch_id: number }[];
    expect(review.filter((i) => ids.includes(i.batch_id))).toEqual([]);
    // The phone is told its sheets are gone.
    const sheets = (await trpc('scan.captureSheets', 'query', { guid: card.guid, batch_ids: ids })).data as { result: { why?: string } | null }[];
    expect(sheets.map((s) => s.result?.why)).toEqual(['deleted', 'deleted', 'deleted', 'deleted']);
    // Another school cannot delete or restore it.
    expect((await trpc('scan.deleteCapture', 'mutation', { guid: card.guid, capture: session, restore: true }, other)).status).toBe(404);

    const restored = await trpc('scan.deleteCapture', 'mutation', { guid: card.guid, capture: session, restore: true });
    expect(restored.data).toMatchObject({ message: '已復原手機拍照的 3 張', sheets: 3 });
    const phone = (await list())[0];
    expect(phone.capture).toMatchObject({ id: session, sheets: 3 });
    expect(phone.capture!.batches.map((b) => b.batch_id)).toEqual([ids[0], ids[1], ids[3]]);
    expect(phone.summary).toMatchObject({ read: 3, set_aside: { unidentified: 0 } });
    expect(phone.warnings).toMatchObject([{ kind: 'bilevel', pages: [3] }]);
    expect(await answers()).toEqual([1, 2, 3, 4].map((seat) => studentAt(1, seat).number));
    // Nothing left to restore: 404, not a silent success.
    expect((await trpc('scan.deleteCapture', 'mutation', { guid: card.guid, capture: randomUUID(), restore: true })).status).toBe(404);
  });

  it('a sheet waits for the part being read, not for its own school’s scanner stack', async () => {
    // The school's big stack, five parts still queued (rows only: no worker takes them).
    const stack = Number((await app.deps.db.insertInto('scan_batches').values({ client_id: teacher.schoolId, document_id: card.id, user_id: teacher.userId, filename: 'stack.pdf', file_key: '', pages_total: 160 }).executeTakeFirstOrThrow()).insertId);
    await app.deps.db.insertInto('scan_batch_parts').values([1, 2, 3, 4, 5].map((n) => ({ batch_id: stack, client_id: teacher.schoolId, part_no: n, first_page: 32 * n - 31, last_page: 32 * n, queue_rank: n }))).execute();
    try {
      pages.set(6, readPageOf(card.id, 1, { student: studentAt(1, 1).id }, { 1: 'A', 2: 'B', 3: 'C' }));
      const sheetBatch = await capture(6, teacher, session, 6);
      const upload = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: 'later.pdf', body: await numberedPdf(1, 201) }, teacher.token);
      const rankOf = async (batchId: number) => (await app.deps.db.selectFrom('scan_batch_parts').select('queue_rank').where('batch_id', '=', batchId).executeTakeFirstOrThrow()).queue_rank;
      expect(await rankOf(sheetBatch)).toBe(1);
      // An uploaded file still queues behind the stack (and the sheet, if not read yet).
      expect(await rankOf((upload.body.data as { batch_id: number }).batch_id)).toBeGreaterThanOrEqual(6);
    } finally {
      await app.deps.db.deleteFrom('scan_batches').where('id', '=', stack).execute();
    }
  });

  it('refuses a session id that is not one', async () => {
    const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid, capture: 'x; drop' }, { name: 'a.png', body: await numberedPng(9) }, teacher.token);
    expect(reply.status).toBe(400);
  });
});
