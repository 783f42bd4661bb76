import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScanWorker } from '../../src/worker/scan-worker';
import type { PageCode } from '../../src/shared/geometry/page-code';
import type { PageReading, ReadPageInput } from '../../src/scan/page-reading';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload, trpcCall } from '../support/school-admin';
import { numberedPdf, otherPage, pageNumberOf, scanSchool } from '../support/scan-fixtures';
import { questionsOf, reviewPage, storeReviewCard, type Marks } from '../support/review-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import type { Signed } from '../support/card-fixtures';

// Issue 24, review: every item kind savable through both doors (tRPC and legacy `save
// correction`), decisions undoable, an assigned page read and scored, whole sheets in one
// decision. Pages go through the real upload → queue → worker path with a scripted reader.
const prefix = `${process.env.REDIS_PREFIX}:review-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };
let students: { id: number; class: number; seat: number; number: string }[] = [];
/** What upload page n reads as; `assume` set when the reader is asked to measure a code-less page as that card page. */
let script: (n: number, assume?: PageCode) => PageReading = () => otherPage('blank');
const cleanup: (() => Promise<void>)[] = [];

const readPage = async ({ image, mapFor, assume }: ReadPageInput): Promise<PageReading> => {
  const reading = script(pageNumberOf(image), assume);
  if (reading.code && reading.status === 'read' && !(await mapFor(reading.code))) return { ...reading, status: 'foreign', questions: [] };
  return reading;
};
/** A page whose code is covered: unidentified, measured as card page `assume` when asked. */
const covered = (marksOf: (page: number) => Marks) => (assume?: PageCode): PageReading =>
  assume ? { ...otherPage('unidentified'), flags: ['no-page-code'], questions: questionsOf(assume.page, marksOf(assume.page)) } : { ...otherPage('unidentified'), flags: ['no-page-code'] };

const at = (klass: number, seat: number) => students.find((s) => s.class === klass && s.seat === seat)!;
const cards = (body: Record<string, unknown>) => legacy(app, 'cards', { guid: card.guid, ...body }, teacher.token);
const trpc = (path: string, type: 'query' | 'mutation', input: unknown) => trpcCall(app, path, type, input, teacher.token);

type Item = { item_id: string; kind: string; page_id: number; q?: number; status?: string; reason?: string; options?: string[]; question_kind?: string; proposal?: string | null; read?: string; card_pages?: number[]; guess?: number | null };
const queue = async () => (await trpc('scan.review', 'query', { guid: card.guid })).data as Item[];
type Row = { student_number: string; answers: Record<string, string>; flags: Record<string, string>; score?: number; absent?: boolean };
const answersOf = async (number: string) => ((await cards({ method: 'get', action: 'answers' })).body.data as { data: Row[] }).data.find((r) => r.student_number === number);

/** The numbered PDF of n pages, made once: pdf-lib stamps the time, and a re-upload must be the same bytes. */
const pdfs = new Map<number, Promise<Buffer>>();
const pdfOf = (n: number) => (pdfs.has(n) ? pdfs.get(n)! : (pdfs.set(n, numberedPdf(n)), pdfs.get(n)!));

/** Uploads numbered pages (the same page count gives the same bytes: `again` confirms a re-upload). */
async function uploadPages(pages: Record<number, (assume?: PageCode) => PageReading>, again = true, name = `scan-${randomUUID().slice(0, 6)}.pdf`): Promise<number> {
  script = (n, assume) => pages[n](assume);
  const fields: Record<string, string> = { method: 'import', action: 'scans', guid: card.guid, ...(again ? { again: '1' } : {}) };
  const reply = await legacyUpload(app, 'cards', fields, { name, body: await pdfOf(Object.keys(pages).length) }, teacher.token);
  expect(reply.status).toBe(200);
  const id = (reply.body.data as { batch_id: number }).batch_id;
  await expect.poll(async () => ((await cards({ method: 'get', action: 'scanBatch', batch_id: id })).body.data as { state: string }).state, { timeout: 30_000, interval: 100 }).toBe('done');
  return id;
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 2, 4);
  students = await app.deps.db.selectFrom('students').select(['id', 'class', 'seat', 'number']).where('client_id', '=', teacher.schoolId).execute();
  card = await storeReviewCard(app.deps.db, app.deps.storage, teacher);
  const worker = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage });
  cleanup.push(() => worker.close());
  // The key: 1 B, 2 AC, 3 是, 4 7, 5 C, 6 否 — a point each.
  const key = { 1: 'B', 2: 'AC', 3: '是', 4: '7', 5: 'C', 6: '否' };
  const saved = await cards({ method: 'save', action: 'answerKey', key: Object.fromEntries(Object.entries(key).map(([q, answer]) => [q, { answer, points: 1 }])) });
  expect(saved.status).toBe(200);
}, 60_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

describe('every review item can be saved', () => {
  it('lists single, multi, 是非 and numeric items with their own options and a likely answer', async () => {
    const s = at(1, 1).id;
    await uploadPages({
      1: () => reviewPage(card.id, 1, s, { 1: ['?', { B: 0.45 }], 2: ['?', { A: 0.9, C: 0.42 }], 3: ['!', { 是: 0.9, 否: 0.85 }], 4: ['?', { 7: 0.5 }] }),
      2: () => reviewPage(card.id, 2, s, { 5: ['!', { A: 0.9, C: 0.9 }], 6: ['?', { 否: 0.5 }] }),
    });
    const items = await queue();
    expect(items.map((i) => `${i.q}:${i.question_kind}:${i.status}`)).toEqual(['1:single:ambiguous', '2:multi:ambiguous', '3:truefalse:multiple', '4:numeric:ambiguous', '5:single:multiple', '6:truefalse:ambiguous']);
    expect(items[2].options).toEqual(['是', '否']);
    // The strongest fill, clearly ahead, is pre-selected; a double mark of equal strength is not.
    expect(items.map((i) => i.proposal)).toEqual(['B', 'AC', null, '7', null, '否']);
  });

  it('saves each kind through tRPC and through legacy `save correction` (是非 as 是/否, O/X or 1/2)', async () => {
    const items = await queue();
    const id = (q: number) => items.find((i) => i.q === q)!;
    // Refused: not one of the question's options (and nothing changes).
    const refused = await trpc('scan.correct', 'mutation', { kind: 'answer', pageId: id(3).page_id, q: 3, value: 'Z' });
    expect(refused.error?.message).toBe('答案只能包含此題的選項');
    expect(await queue()).toHaveLength(6);
    // tRPC: single, multi (any order, any case), 是非 by its map value.
    for (const [q, value] of [[1, 'B'], [2, 'ca'], [3, '是']] as const) expect((await trpc('scan.correct', 'mutation', { kind: 'answer', pageId: id(q).page_id, q, value })).status).toBe(200);
    // Legacy: numeric, single, 是非 typed as X.
    const review = (await cards({ method: 'get', action: 'review' })).body.data as { data: { item_id: string; kind: string; q: number; kind_of_question: string; read: string; fills: Record<string, number>; flag: string }[] };
    expect(review.data.map((i) => `${i.item_id.split('-')[0]}:${i.kind}:${i.q}:${i.kind_of_question}:${i.flag}`)).toEqual(['q:question:4:numeric:ambiguous', 'q:question:5:single:multiple', 'q:question:6:truefalse:ambiguous']);
    expect(review.data[2].fills).toMatchObject({ 是: 0.02, 否: 0.5 });
    const legacySave = (q: number, answer: string) => cards({ method: 'save', action: 'correction', item_id: review.data.find((i) => i.q === q)!.item_id, answer });
    expect((await legacySave(6, 'Z')).body.message).toBe('答案只能包含此題的選項');
    for (const [q, answer] of [[4, '7'], [5, 'C'], [6, 'X']] as const) expect((await legacySave(q, answer)).body).toMatchObject({ code: 200, message: '已更正' });
    expect(await queue()).toEqual([]);
    const row = await answersOf(at(1, 1).number);
    expect(row).toMatchObject({ answers: { 1: 'B', 2: 'AC', 3: '是', 4: '7', 5: 'C', 6: '否' }, flags: {} });
    const scores = (await cards({ method: 'get', action: 'scores' })).body.data as { data: Row[]; pending_review: number };
    expect(scores.data.find((r) => r.student_number === at(1, 1).number)!.score).toBe(6);
  });

  it('undoes a decision: the item comes back and the read value counts again', async () => {
    const pageId = (await app.deps.db.selectFrom('scan_corrections').select('page_id').where('q', '=', 3).where('client_id', '=', teacher.schoolId).executeTakeFirstOrThrow()).page_id;
    expect((await trpc('scan.correct', 'mutation', { kind: 'undo', pageId, what: 'answer', qs: [3] })).data).toMatchObject({ message: '已復原' });
    expect((await queue()).map((i) => i.q)).toEqual([3]);
    expect((await answersOf(at(1, 1).number))!.flags).toEqual({ 3: 'multiple' });
    // 1 / 2 on a keyboard mean the first / second value.
    expect((await trpc('scan.correct', 'mutation', { kind: 'answer', pageId, q: 3, value: '1' })).status).toBe(200);
    expect((await answersOf(at(1, 1).number))!.answers[3]).toBe('是');
  });
});

describe('a page whose code was covered', () => {
  it('is read once assigned: its answers appear and its score counts', async () => {
    const s = at(1, 2);
    await uploadPages({
      1: covered((page): Marks => (page === 1 ? { 1: 'B', 2: 'AC', 3: '是', 4: '7' } : {})),
      2: () => reviewPage(card.id, 2, s.id, { 5: 'C', 6: '否' }),
    });
    const item = (await queue()).find((i) => i.reason === 'unidentified')!;
    expect(item).toMatchObject({ kind: 'page', card_pages: [1, 2], guess: 1 });
    const review = (await cards({ method: 'get', action: 'review' })).body.data as { data: { item_id: string; kind: string }[] };
    const legacyItem = review.data.find((i) => i.kind === 'unidentified')!;
    expect((await cards({ method: 'save', action: 'correction', item_id: legacyItem.item_id, student_number: 'nobody' })).status).toBe(404);
    expect((await cards({ method: 'save', action: 'correction', item_id: legacyItem.item_id, student_number: s.number, card_page: 1 })).body.code).toBe(200);
    expect(await queue()).toEqual([]);
    expect(await answersOf(s.number)).toMatchObject({ answers: { 1: 'B', 2: 'AC', 3: '是', 4: '7', 5: 'C', 6: '否' } });
    const scores = (await cards({ method: 'get', action: 'scores' })).body.data as { data: Row[] };
    expect(scores.data.find((r) => r.student_number === s.number)!.score).toBe(6);
    const sheet = (await trpc('scan.sheet', 'query', { guid: card.guid, studentId: s.id })).data as { pages: { card_page: number; questions: { q: number; answer: string; box: unknown }[] }[] };
    expect(sheet.pages.map((p) => p.card_page)).toEqual([1, 2]);
    expect(sheet.pages[0].questions.find((q) => q.q === 3)).toMatchObject({ answer: '是', box: expect.any(Object) as unknown });
  });
});

describe('a sheet marked throughout with ticks', () => {
  it('is one item; one decision accepts its proposals and closes the page', async () => {
    const s = at(1, 3);
    const ticked: Marks = { 1: ['?', { B: 0.3 }, { proposal: 'B', style: 'tick' }], 2: ['?', { A: 0.3, C: 0.3 }, { proposal: 'AC', style: 'tick' }], 3: ['?', { 是: 0.3 }, { proposal: '是', style: 'tick' }], 4: ['?', { 7: 0.3 }, { proposal: '7', style: 'tick' }] };
    await uploadPages({ 1: () => reviewPage(card.id, 1, s.id, ticked, { sheetStyle: 'tick' }), 2: () => reviewPage(card.id, 2, s.id, { 5: 'C', 6: '否' }) });
    const items = (await queue()) as (Item & { questions?: { q: number; proposal: string }[] })[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'sheet', style: 'tick' });
    const answers = Object.fromEntries(items[0].questions!.map((q) => [String(q.q), q.proposal]));
    expect(answers).toEqual({ 1: 'B', 2: 'AC', 3: '是', 4: '7' });
    expect((await trpc('scan.correct', 'mutation', { kind: 'answers', pageId: items[0].page_id, answers, sheet: 'tick' })).status).toBe(200);
    expect(await queue()).toEqual([]);
    expect(await answersOf(s.number)).toMatchObject({ answers: { 1: 'B', 2: 'AC', 3: '是', 4: '7', 5: 'C', 6: '否' }, flags: {} });
  });
});

describe('batches', () => {
  const s = () => at(2, 1);
  const unsure = () => ({ 1: () => reviewPage(card.id, 1, s().id, { 1: ['?', { B: 0.45 }], 2: 'A', 3: '是', 4: '1' }), 2: () => reviewPage(card.id, 2, s().id, { 5: 'A', 6: '是' }) });
  let first = 0;

  it('recognises an identical re-upload and asks; confirmed, a rescan with unchanged marks keeps its decisions', async () => {
    first = await uploadPages(unsure());
    const item = (await queue()).find((i) => i.q === 1)!;
    await trpc('scan.correct', 'mutation', { kind: 'answer', pageId: item.page_id, q: 1, value: 'C' });
    // The same file again: 409 with when and which file; nothing stored.
    const before = await app.deps.db.selectFrom('scan_batches').select('id').where('client_id', '=', teacher.schoolId).execute();
    const same = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: 'again.pdf', body: await pdfOf(2) }, teacher.token);
    expect(same.status).toBe(409);
    expect(same.body.message).toMatch(/^此檔案已於 .+ 上傳過（scan-.+\.pdf）$/);
    expect(await app.deps.db.selectFrom('scan_batches').select('id').where('client_id', '=', teacher.schoolId).execute()).toHaveLength(before.length);
    // Confirmed: the rescan's marks are the same, so the decision carries over and nothing new is asked.
    await uploadPages(unsure());
    expect(await queue()).toEqual([]);
    expect((await answersOf(s().number))!.answers[1]).toBe('C');
  });

  it('a rescan with other marks wins and lists the earlier scan; deleting its batch brings the earlier back with its decision, undoably', async () => {
    const later = await uploadPages({ 1: () => reviewPage(card.id, 1, s().id, { 1: 'D', 2: 'A', 3: '是', 4: '1' }), 2: () => reviewPage(card.id, 2, s().id, { 5: 'A', 6: '是' }) });
    expect((await answersOf(s().number))!.answers[1]).toBe('D');
    expect((await queue()).map((i) => i.reason)).toEqual(['duplicate']);
    const list = (await trpc('scan.batches', 'query', { guid: card.guid })).data as { batch_id: number; summary: { read: number; scanned_twice: number } | null }[];
    expect(list.find((b) => b.batch_id === later)!.summary).toMatchObject({ read: 2, scanned_twice: 2 });
    const deleted = await cards({ method: 'delete', action: 'scanBatch', batch_id: later });
    expect(deleted.body).toMatchObject({ code: 200, message: expect.stringMatching(/^已刪除批次「scan-.+\.pdf」$/) as unknown });
    expect((await answersOf(s().number))!.answers[1]).toBe('C');
    expect(await queue()).toEqual([]);
    expect(((await trpc('scan.batches', 'query', { guid: card.guid })).data as { batch_id: number }[]).map((b) => b.batch_id)).not.toContain(later);
    // Undo: the batch and its answers are back.
    expect((await trpc('scan.deleteBatch', 'mutation', { batch_id: later, restore: true })).status).toBe(200);
    expect((await answersOf(s().number))!.answers[1]).toBe('D');
    // Deleting the first batch keeps the decisions made on the others.
    await cards({ method: 'delete', action: 'scanBatch', batch_id: first });
    expect((await answersOf(at(1, 1).number))!.answers).toMatchObject({ 1: 'B', 2: 'AC', 3: '是' });
    await trpc('scan.deleteBatch', 'mutation', { batch_id: first, restore: true });
  });

  it('discarding a page is undoable', async () => {
    const pageId = (await queue()).find((i) => i.reason === 'duplicate')!.page_id;
    await trpc('scan.correct', 'mutation', { kind: 'discard', pageId, discard: true });
    expect(await queue()).toEqual([]);
    await trpc('scan.correct', 'mutation', { kind: 'undo', pageId, what: 'discard' });
    expect((await queue()).map((i) => i.reason)).toEqual(['duplicate']);
  });
});

describe('honest results', () => {
  type ScoreRow = { student_number: string; score: number | null; rank: number | null; absent?: boolean; attendance?: string };
  const scores = async (extra: Record<string, unknown> = {}) => (await cards({ method: 'get', action: 'scores', ...extra })).body.data as { data: ScoreRow[]; pending_review: number };
  const csv = async () => (await fetch(`${app.url}/api/cards`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${teacher.token}` }, body: JSON.stringify({ method: 'download', action: 'scores', guid: card.guid, format: 'csv' }) })).text();

  it('say 「尚有 N 項待確認」 while review is open — screen, legacy and exports — and stop once it is done', async () => {
    const open = (await queue()).length;
    expect(open).toBe(1);
    expect((await scores()).pending_review).toBe(1);
    expect(((await trpc('scores.results', 'query', { guid: card.guid })).data as { pending_review: number }).pending_review).toBe(1);
    expect(((await trpc('scores.items', 'query', { guid: card.guid })).data as { pending_review: number }).pending_review).toBe(1);
    expect(((await cards({ method: 'get', action: 'answers' })).body.data as { pending_review: number }).pending_review).toBe(1);
    expect(await csv()).toContain('尚有 1 項待確認');
    // The open item is a student of class 2: class 1 alone has nothing open.
    expect((await scores({ grade: 1, class: 1 })).pending_review).toBe(0);
    const item = (await queue())[0];
    await trpc('scan.correct', 'mutation', { kind: 'discard', pageId: item.page_id, discard: true });
    expect((await scores()).pending_review).toBe(0);
    expect(await csv()).not.toContain('待確認');
  });

  it('list students without a sheet as 缺考 — not 0, not ranked, not in the statistics — and mark 補考', async () => {
    const all = await scores();
    const absent = all.data.filter((r) => r.absent);
    expect(absent.map((r) => r.student_number).sort()).toEqual([at(1, 4), at(2, 2), at(2, 3), at(2, 4)].map((s) => s.number).sort());
    expect(absent[0]).toMatchObject({ score: null, rank: null, attendance: 'absent' });
    const results = (await trpc('scores.results', 'query', { guid: card.guid })).data as { stats: { count: number }; students: unknown[]; absent: { student_number: string; mark: string }[] };
    expect(results.stats.count).toBe(results.students.length);
    expect(results.students).toHaveLength(all.data.length - 4);
    expect(await csv()).toMatch(new RegExp(`${at(1, 4).number},.*,缺考,`));
    const answers = (await cards({ method: 'get', action: 'answers', grade: 1, class: 1 })).body.data as { data: { student_number: string; absent?: boolean }[] };
    expect(answers.data.filter((r) => r.absent).map((r) => r.student_number)).toEqual([at(1, 4).number]);
    expect((await trpc('scores.attendance', 'mutation', { guid: card.guid, studentId: at(1, 4).id, mark: 'makeup' })).status).toBe(200);
    expect((await scores({ grade: 1, class: 1 })).data.find((r) => r.student_number === at(1, 4).number)).toMatchObject({ absent: true, attendance: 'makeup', score: null });
    expect(await csv()).toMatch(new RegExp(`${at(1, 4).number},.*,補考,`));
  });
});
