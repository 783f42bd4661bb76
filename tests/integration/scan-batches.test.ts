import { randomBytes, randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScanWorker } from '../../src/worker/scan-worker';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload, trpcCall } from '../support/school-admin';
import { ALL_CARD_PERMISSIONS, signInto, type Signed } from '../support/card-fixtures';
import { encryptedPdf, numberedPdf, numberedPng, otherPage, readPageOf, scanSchool, scriptedReader, storeScanCard } from '../support/scan-fixtures';
import { storedZip } from '../support/stored-zip';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import type { PageReading } from '../../src/scan/page-reading';

// Scan batches end to end through both doors, with a scripted reader (tests/support/scan-fixtures.ts):
// upload → batch row + job → pages stored once → identification → review → answers per student.
const prefix = `${process.env.REDIS_PREFIX}:scan-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };
let students: { id: number; class: number; seat: number; number: string }[] = [];
let script: (n: number) => PageReading = () => otherPage('blank');
const reader = scriptedReader((n) => script(n));
const cleanup: (() => Promise<void>)[] = [];

const studentAt = (klass: number, seat: number) => students.find((s) => s.class === klass && s.seat === seat)!;
const upload = (file: { name: string; body: Buffer }, token = teacher.token, guid = card.guid) =>
  legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid }, file, token);
const batch = (id: number, token = teacher.token) => legacy(app, 'cards', { method: 'get', action: 'scanBatch', batch_id: id }, token);
type BatchData = { state: string; pages_total: number; pages_done: number; error: string | null; pages: { index: number; status: string; card_page: number | null; student_number: string | null; class: number | null; answers: Record<string, string>; flags: Record<string, string> }[] };

async function finished(id: number): Promise<BatchData> {
  await expect.poll(async () => ((await batch(id)).body.data as BatchData).state, { timeout: 30_000, interval: 100 }).toMatch(/done|failed/);
  return (await batch(id)).body.data as BatchData;
}
const batchCount = async () => (await app.deps.db.selectFrom('scan_batches').select('id').where('client_id', '=', teacher.schoolId).execute()).length;

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 2, 3);
  students = await app.deps.db.selectFrom('students').select(['id', 'class', 'seat', 'number']).where('client_id', '=', teacher.schoolId).execute();
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher);
  const worker = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage: reader.readPage });
  cleanup.push(() => worker.close());
}, 60_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

describe('a class print PDF', () => {
  let batchId = 0;
  it('is read page by page: statuses, students, answers and flags per page', async () => {
    const s1 = studentAt(1, 1).id;
    const s2 = studentAt(1, 2).id;
    const pages: Record<number, PageReading> = {
      1: readPageOf(card.id, 1, { student: s1 }, { 1: 'A', 2: 'B', 3: 'C' }),
      2: readPageOf(card.id, 2, { student: s1 }, { 4: 'AC', 5: 'D' }),
      3: readPageOf(card.id, 1, { student: s2 }, { 1: 'A', 2: '?', 3: '' }),
      4: { ...readPageOf(card.id, 2, { student: s2 }, { 4: 'B', 5: '!' }), upsideDown: true },
      5: otherPage('blank'),
      6: otherPage('foreign'),
      7: readPageOf(card.id, 1, { copy: 1, header: { barcode: null, grade: 1, class: 2, seat: 1 } }, { 1: 'D', 2: 'D', 3: 'D' }),
      // Scanned in black-and-white: the batch warns, the page carries its own warning.
      8: { ...readPageOf(card.id, 2, { copy: 1 }, { 4: 'A', 5: 'A' }), flags: ['bilevel'] },
    };
    script = (n) => pages[n];
    const before = reader.calls.length;
    const reply = await upload({ name: 'class-1.pdf', body: await numberedPdf(8) });
    expect(reply.status).toBe(200);
    batchId = (reply.body.data as { batch_id: number }).batch_id;
    const data = await finished(batchId);
    expect(data).toMatchObject({ state: 'done', pages_total: 8, pages_done: 8, error: null });
    expect(reader.calls.slice(before).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(data.pages.map((p) => p.status)).toEqual(['read', 'read', 'review', 'review', 'blank', 'wrong_card', 'read', 'read']);
    expect(data.pages.map((p) => p.student_number)).toEqual([studentAt(1, 1).number, studentAt(1, 1).number, studentAt(1, 2).number, studentAt(1, 2).number, null, null, studentAt(2, 1).number, studentAt(2, 1).number]);
    expect(data.pages[1]).toMatchObject({ index: 2, card_page: 2, answers: { 4: 'AC', 5: 'D' }, flags: {} });
    expect(data.pages[2]).toMatchObject({ answers: { 1: 'A', 2: '', 3: '' }, flags: { 2: 'ambiguous', 3: 'blank' } });
    const warned = data as unknown as { warnings: { kind: string; pages: number[]; text: string }[]; pages: { warnings: string[]; reason: string | null }[] };
    expect(warned.warnings).toEqual([{ kind: 'bilevel', pages: [8], text: '黑白掃描，淡的鉛筆痕可能已遺失，建議以灰階 200 dpi 重新掃描' }]);
    expect(warned.pages[7]).toMatchObject({ warnings: ['bilevel'], reason: null });
    expect(warned.pages[0]).toMatchObject({ warnings: [], reason: null });
  });

  it('lists what needs a person and stores decisions as corrections beside the read values', async () => {
    const review = await trpcCall(app, 'scan.review', 'query', { guid: card.guid }, teacher.token);
    const items = review.data as { kind: string; page_id: number; index: number; q?: number; reason?: string; status?: string; options?: string[] }[];
    expect(items.map((i) => (i.kind === 'question' ? `${i.index}:q${i.q}:${i.status}` : `${i.index}:${i.reason}`))).toEqual(['3:q2:ambiguous', '4:q5:multiple', '6:wrong_card']);
    const ambiguous = items[0];
    expect(ambiguous.options).toEqual(['A', 'B', 'C', 'D']);

    const refused = await trpcCall(app, 'scan.correct', 'mutation', { kind: 'answer', pageId: ambiguous.page_id, q: 2, value: 'Z' }, teacher.token);
    expect(refused.error?.message).toBe('答案只能包含此題的選項');
    expect((await trpcCall(app, 'scan.correct', 'mutation', { kind: 'answer', pageId: ambiguous.page_id, q: 2, value: 'B' }, teacher.token)).status).toBe(200);
    expect((await trpcCall(app, 'scan.correct', 'mutation', { kind: 'discard', pageId: items[2].page_id, discard: true }, teacher.token)).status).toBe(200);
    const left = (await trpcCall(app, 'scan.review', 'query', { guid: card.guid }, teacher.token)).data as unknown[];
    expect(left).toHaveLength(1);

    // The read value stays; the answers show the correction.
    const stored = await app.deps.db.selectFrom('scan_pages').select('answers').where('id', '=', ambiguous.page_id).executeTakeFirstOrThrow();
    expect((JSON.parse(stored.answers) as Record<string, string>)[2]).toBe('');
    const answers = await legacy(app, 'cards', { method: 'get', action: 'answers', guid: card.guid }, teacher.token);
    // Students of the scanned classes without a sheet come as `absent` rows (issue 24): the sheets alone here.
    const rows = (answers.body.data as { data: { student_number: string; class: number; answers: Record<string, string>; flags: Record<string, string>; absent?: boolean }[] }).data.filter((r) => !r.absent);
    expect(rows.map((r) => r.student_number)).toEqual([studentAt(1, 1).number, studentAt(1, 2).number, studentAt(2, 1).number]);
    expect(rows[0]).toMatchObject({ answers: { 1: 'A', 2: 'B', 3: 'C', 4: 'AC', 5: 'D' }, flags: {} });
    expect(rows[1]).toMatchObject({ answers: { 1: 'A', 2: 'B', 3: '', 4: 'B', 5: 'AB' }, flags: { 3: 'blank', 5: 'multiple' } });
    expect(rows[2].answers).toEqual({ 1: 'D', 2: 'D', 3: 'D', 4: 'A', 5: 'A' });
    const class2 = await legacy(app, 'cards', { method: 'get', action: 'answers', guid: card.guid, grade: 1, class: 2 }, teacher.token);
    expect((class2.body.data as { data: { absent?: boolean }[] }).data.filter((r) => !r.absent)).toHaveLength(1);
  });

  it('shows the scanned row of a question, cut from the stored page: from its number to its last bubble, with the review margins', async () => {
    const page = await app.deps.db.selectFrom('scan_pages').select(['id', 'image_key']).where('batch_id', '=', batchId).where('page_index', '=', 3).executeTakeFirstOrThrow();
    const crop = await trpcCall(app, 'scan.pageImage', 'query', { pageId: page.id, q: 2 }, teacher.token);
    const stored = await sharp((await app.deps.storage.get(page.image_key!))!).metadata();
    const c = await sharp(Buffer.from((crop.data as { base64: string }).base64, 'base64')).metadata();
    // Question 2 on card page 1 (scanTestMap): row {x 60, y 150, h 20} pt, cut at its last bubble (D at
    // x 180, 16 pt wide), so 136 pt wide; margins 6 mm across and 3 mm down; the map scaled to the
    // stored image's width (the scripted reading keeps no homography).
    const k = stored.width / 595.28;
    const mm = 72 / 25.4;
    expect([c.format, c.width, c.height]).toEqual(['jpeg', Math.round((136 + 12 * mm) * k), Math.round((20 + 6 * mm) * k)]);
  });
});

it('takes a ZIP of images; a later scan of a student page wins and review lists the earlier one', async () => {
  const s1 = studentAt(1, 1).id;
  script = (n) => (n === 1 ? readPageOf(card.id, 1, { student: s1 }, { 1: 'B', 2: 'B', 3: 'C' }) : otherPage('unidentified'));
  const zip = storedZip([
    { name: 'scan-002.png', body: await numberedPng(2) },
    { name: 'scan-001.png', body: await numberedPng(1) },
    // What a Mac adds when it zips a folder is skipped; any other file that is not a scan refuses the ZIP (scan-hostile.test.ts).
    { name: '__MACOSX/._scan-001.png', body: Buffer.from('resource fork') },
  ]);
  const reply = await upload({ name: 'rescan.zip', body: zip });
  const data = await finished((reply.body.data as { batch_id: number }).batch_id);
  expect(data.pages.map((p) => p.status)).toEqual(['read', 'unidentified']);
  const answers = await legacy(app, 'cards', { method: 'get', action: 'answers', guid: card.guid, class: 1 }, teacher.token);
  expect((answers.body.data as { data: { answers: Record<string, string> }[] }).data[0].answers[1]).toBe('B');
  const items = (await trpcCall(app, 'scan.review', 'query', { guid: card.guid }, teacher.token)).data as { kind: string; reason?: string; page_id: number }[];
  expect(items.filter((i) => i.kind === 'page').map((i) => i.reason)).toEqual(['duplicate', 'unidentified']);
  const unidentified = items.find((i) => i.reason === 'unidentified')!;
  expect((await trpcCall(app, 'scan.correct', 'mutation', { kind: 'student', pageId: unidentified.page_id, studentId: studentAt(1, 3).id }, teacher.token)).status).toBe(200);
  const after = (await trpcCall(app, 'scan.review', 'query', { guid: card.guid }, teacher.token)).data as { reason?: string }[];
  expect(after.map((i) => i.reason).filter(Boolean)).toEqual(['duplicate']);
});

describe('the upload door', () => {
  /** A multipart form with its file part first, the call's fields after it (as some clients send). */
  const fileFirst = async (area: string, fields: Record<string, string>, body: Buffer) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(body)]), 'scan.pdf');
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await fetch(`${app.url}/api/${area}`, { method: 'POST', headers: { authorization: `Bearer ${teacher.token}` }, body: form });
    return { status: res.status, body: (await res.json()) as { data?: unknown; message?: string } };
  };
  /** A scan PDF of `pages` numbered pages carrying 3 MB of attachment: past the 2 MB that other calls' files may have. */
  const bigPdf = async (pages: number) => {
    const doc = await PDFDocument.load(await numberedPdf(pages));
    await doc.attach(randomBytes(3_000_000), 'scanner-log.bin', { mimeType: 'application/octet-stream' });
    return Buffer.from(await doc.save());
  };

  it('takes a scan whose file part comes before the fields, past 2 MB, whole', async () => {
    script = (n) => readPageOf(card.id, 1 + ((n - 1) % 2), { student: studentAt(1, 1).id }, {});
    const body = await bigPdf(2);
    const reply = await fileFirst('cards', { method: 'import', action: 'scans', guid: card.guid }, body);
    expect(reply.status).toBe(200);
    const id = (reply.body.data as { batch_id: number }).batch_id;
    const row = await app.deps.db.selectFrom('scan_batches').select(['file_key', 'file_size']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.file_size).toBe(body.length);
    expect(await finished(id)).toMatchObject({ state: 'done', pages_total: 2, pages_done: 2 });
  });

  it("still holds another call's file to 2 MB when it comes first", async () => {
    const reply = await fileFirst('client', { method: 'import', action: 'students', client_id: String(teacher.schoolId) }, await bigPdf(1));
    expect([reply.status, reply.body.message]).toEqual([413, '上傳檔案過大']);
  });
});

describe('bad uploads end with a clear message and nothing stored', () => {
  it.each([
    ['an empty file', { name: 'empty.pdf', body: Buffer.alloc(0) }, '檔案是空的'],
    ['a text file', { name: 'scan.pdf', body: Buffer.from('hello, not a scan') }, '僅接受 PDF、JPEG、PNG、TIFF 或 ZIP 檔'],
    ['an encrypted PDF', { name: 'locked.pdf', body: encryptedPdf() }, 'PDF 已加密，請上傳未加密的掃描檔'],
  ])('%s', async (_what, file, message) => {
    const before = await batchCount();
    const reply = await upload(file);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect(await batchCount()).toBe(before);
  });

  it('a ZIP with more images than a batch may hold (a ZIP bomb) is refused', async () => {
    const tiny = await numberedPng(1);
    const zip = storedZip(Array.from({ length: 2001 }, (_, i) => ({ name: `p${i}.png`, body: tiny })));
    const reply = await upload({ name: 'bomb.zip', body: zip });
    expect(reply.body.message).toBe('ZIP 檔解壓後過大或檔案過多');
    expect(reply.status).toBe(400);
  });

  it('no file at all', async () => {
    const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, null, teacher.token);
    expect([reply.status, reply.body.message]).toEqual([400, '請選擇要上傳的掃描檔']);
  });

  it('a PDF of some other document (no page of the card at all) fails its batch, keeping none of them', async () => {
    script = () => otherPage('foreign');
    const reply = await upload({ name: 'minutes.pdf', body: await numberedPdf(40) });
    const id = (reply.body.data as { batch_id: number }).batch_id;
    const data = await finished(id);
    expect(data.state).toBe('failed');
    expect(data.error).toBe('沒有一頁是此試卷：請確認上傳的是此試卷的掃描檔');
    expect(await app.deps.db.selectFrom('scan_pages').select('id').where('batch_id', '=', id).execute()).toHaveLength(0);
    const row = await app.deps.db.selectFrom('scan_batches').select('file_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await app.deps.storage.stat(row.file_key)).toBeNull();
  });
});

describe('tenancy and permission', () => {
  it('another school reaches no batch, page image, answers or card through either door', async () => {
    // A batch of its own, read here (not whatever an earlier test left); pages numbered from 601 so
    // the file is like no other upload of this file (an identical one is refused as a repeat).
    script = () => readPageOf(card.id, 1, { student: studentAt(2, 3).id }, { 1: 'A', 2: 'B', 3: 'C' });
    const reply = await upload({ name: 'tenancy.pdf', body: await numberedPdf(1, 601) });
    const batchRow = { id: (reply.body.data as { batch_id: number }).batch_id };
    expect(await finished(batchRow.id)).toMatchObject({ state: 'done', pages_total: 1 });
    const page = await app.deps.db.selectFrom('scan_pages').select('id').where('batch_id', '=', batchRow.id).executeTakeFirstOrThrow();
    // Its own school reaches both, so each 404 below is the school boundary, not a missing row.
    expect((await batch(batchRow.id)).status).toBe(200);
    expect((await trpcCall(app, 'scan.pageImage', 'query', { pageId: page.id }, teacher.token)).status).toBe(200);
    const other = await scanSchool(app);
    expect((await batch(batchRow.id, other.token)).status).toBe(404);
    expect((await legacy(app, 'cards', { method: 'get', action: 'answers', guid: card.guid }, other.token)).status).toBe(404);
    expect((await trpcCall(app, 'scan.batch', 'query', { batch_id: batchRow.id }, other.token)).status).toBe(404);
    expect((await trpcCall(app, 'scan.pageImage', 'query', { pageId: page.id }, other.token)).status).toBe(404);
    expect((await trpcCall(app, 'scan.correct', 'mutation', { kind: 'discard', pageId: page.id, discard: true }, other.token)).status).toBe(404);
    expect((await trpcCall(app, 'scan.review', 'query', { guid: card.guid }, other.token)).status).toBe(404);
    expect((await upload({ name: 'x.pdf', body: await numberedPdf(1) }, other.token)).status).toBe(404);
  });

  it('a teacher without cards.scan is refused', async () => {
    const { code } = await app.deps.db.selectFrom('clients').select('code').where('id', '=', teacher.schoolId).executeTakeFirstOrThrow();
    const plain = await signInto(app, teacher.schoolId, code, 'teacher', ALL_CARD_PERMISSIONS);
    const reply = await legacy(app, 'cards', { method: 'get', action: 'answers', guid: card.guid }, plain.token);
    expect(reply.status).toBe(403);
  });
});
