import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Results } from '../../src/shared/schemas/scores';
import type { Signed } from '../support/card-fixtures';
import { seedRoster } from '../support/print-tickets';
import { scanSchool, storeScanCard, writtenTestMap } from '../support/scan-fixtures';
import { trpcCall } from '../support/school-admin';
import { seedAnswers } from '../support/score-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 25, an unsure score field (閱卷給分格) is a review item (docs/grading.md "Review of a
// score field"): listed with the crop of the field, the reader's likely points and the question's
// maximum, decided through tRPC `scan.correct` and legacy `save correction` (half points within the
// maximum), counted in 「尚有 N 項待確認」; its points become the question's written points unless
// a teacher graded that answer, whose grade always counts.
let app: TestApp;
let teacher: Signed;
let other: Signed;
let card = { id: 0, guid: '' };
let students: { id: number; seat: number; number: string }[] = [];
const pageOf = new Map<number, number>();

const cards = (body: Record<string, unknown>) => legacy(app, 'cards', { guid: card.guid, ...body }, teacher.token);
const trpc = (path: string, type: 'query' | 'mutation', input: unknown, token = teacher.token) => trpcCall(app, path, type, input, token);
const results = async () => (await trpc('scores.results', 'query', { guid: card.guid })).data as Results;
type Item = { item_id: string; kind: string; page_id: number; q: number; showno: string; reason: string; proposal: number | null; max: number; student_number: string | null };
const scoreItems = async () => ((await trpc('scan.review', 'query', { guid: card.guid })).data as Item[]).filter((i) => i.kind === 'score');
const points = async (seat: number) => (await results()).students.find((s) => s.seat === seat)!.written_points['6'];

beforeAll(async () => {
  app = await startTestApp();
  teacher = await scanSchool(app);
  other = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, 3);
  students = await app.deps.db.selectFrom('students').select(['id', 'seat', 'number']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '段考', writtenTestMap());
  const owner = { clientId: teacher.schoolId, userId: teacher.userId, documentId: card.id };
  await seedAnswers(app.deps.db, owner, students.map((s) => ({ studentId: s.id, answers: { 1: 'A', 2: 'B', 3: 'C', 4: 'A', 5: 'D' } })), writtenTestMap());
  // The reader's score field of question 6 on page 2: seat 1 a faint mark (likely 7.5), seat 2 tens without units, seat 3 read sure (9).
  const read = [
    { answer: '', flag: 'score-ambiguous', score: { q: 6, status: 'review', points: null, reason: 'ambiguous', proposal: 7.5 } },
    { answer: '', flag: 'score-incomplete', score: { q: 6, status: 'review', points: null, reason: 'incomplete', proposal: null } },
    { answer: '9', flag: null, score: { q: 6, status: 'ok', points: 9, reason: null } },
  ];
  const image = await sharp({ create: { width: 850, height: 1202, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  for (const [i, s] of students.entries()) {
    const page = await app.deps.db.selectFrom('scan_pages').select(['id', 'answers', 'flags']).where('student_id', '=', s.id).where('card_page', '=', 2).executeTakeFirstOrThrow();
    const key = `scans/${teacher.schoolId}/score-review/${page.id}.jpg`;
    await app.deps.storage.put(key, image, 'image/jpeg');
    await app.deps.db
      .updateTable('scan_pages')
      .set({
        answers: JSON.stringify({ ...JSON.parse(page.answers), s6: read[i].answer }),
        flags: JSON.stringify({ ...JSON.parse(page.flags), ...(read[i].flag ? { s6: read[i].flag } : {}) }),
        reading: JSON.stringify({ scores: [read[i].score] }),
        image_key: key,
      })
      .where('id', '=', page.id)
      .execute();
    pageOf.set(s.seat, page.id);
  }
  await cards({ method: 'save', action: 'answerKey', key: { 1: { answer: 'A' }, 2: { answer: 'B' }, 3: { answer: 'C' }, 4: { answer: 'A' }, 5: { answer: 'D' }, 6: { points: 10 }, 7: { points: 8 } } });
}, 60_000);
afterAll(() => app.close());

describe('an unsure score field is a review item', () => {
  it('is listed with the question, why, the likely points and the maximum, and counted in 尚有 N 項待確認 while ungraded', async () => {
    const items = await scoreItems();
    expect(items.map((i) => [i.item_id, i.q, i.showno, i.reason, i.proposal, i.max, i.student_number])).toEqual([
      [`f-${pageOf.get(1)}-6`, 6, '6', 'ambiguous', 7.5, 10, students[0].number],
      [`f-${pageOf.get(2)}-6`, 6, '6', 'incomplete', null, 10, students[1].number],
    ]);
    const r = await results();
    expect(r.pending_review).toBe(2);
    expect(r.students.map((s) => s.written_points['6'])).toEqual([null, null, 9]);
  });

  it('shows the crop of the field: the field’s rectangle with the review’s margins, from the stored page image', async () => {
    const crop = (await trpc('scan.pageImage', 'query', { pageId: pageOf.get(1), q: 6, field: true })).data as { base64: string; crop: boolean };
    const row = (await trpc('scan.pageImage', 'query', { pageId: pageOf.get(1), q: 6 })).data as { base64: string; crop: boolean };
    const size = async (b64: string) => sharp(Buffer.from(b64, 'base64')).metadata().then((m) => [m.width, m.height]);
    // Field {x 296, y 286, w 230, h 17} pt, margins 6 mm across and 3 mm down, an 850 px wide A4 image
    // (a reading without a homography: the map scaled to the image's width).
    const k = 850 / 595.28;
    const mm = 72 / 25.4;
    expect(await size(crop.base64)).toEqual([Math.round((230 + 12 * mm) * k), Math.round((17 + 6 * mm) * k)]);
    // Without `field` the whole answer area's row {w 470, h 120} pt (no bubbles to cut it at) with the same margins.
    expect(await size(row.base64)).toEqual([Math.round((470 + 12 * mm) * k), Math.round((120 + 6 * mm) * k)]);
  });

  it('tRPC scan.correct takes half points within the maximum, refuses the rest in the user’s language, and can be undone', async () => {
    const pageId = pageOf.get(1)!;
    const over = await trpc('scan.correct', 'mutation', { kind: 'score', pageId, q: 6, value: '10.5' });
    expect([over.status, over.error?.message]).toEqual([400, '10.5 分超過第 6 題的滿分 10 分']);
    const quarter = await trpc('scan.correct', 'mutation', { kind: 'score', pageId, q: 6, value: '7.25' });
    expect([quarter.status, quarter.error?.message]).toEqual([400, '分數須為 0 到 100 之間，以 0.5 分為單位']);
    const notField = await trpc('scan.correct', 'mutation', { kind: 'score', pageId, q: 7, value: '3' });
    expect(notField.status).toBe(404);
    expect(await points(1)).toBeNull();

    const saved = await trpc('scan.correct', 'mutation', { kind: 'score', pageId, q: 6, value: '7.5' });
    expect(saved.status).toBe(200);
    expect(await points(1)).toBe(7.5);
    expect((await scoreItems()).map((i) => i.item_id)).toEqual([`f-${pageOf.get(2)}-6`]);
    expect((await results()).pending_review).toBe(1);

    await trpc('scan.correct', 'mutation', { kind: 'undo', pageId, what: 'score', qs: [6] });
    expect(await points(1)).toBeNull();
    expect(await scoreItems()).toHaveLength(2);
    await trpc('scan.correct', 'mutation', { kind: 'score', pageId, q: 6, value: '7,5' });
    expect(await points(1)).toBe(7.5);
  });

  it('legacy get review lists it as kind score; save correction answers it with points', async () => {
    const rows = ((await cards({ method: 'get', action: 'review' })).body.data as { data: Record<string, unknown>[] }).data;
    const item = rows.find((r) => r.kind === 'score')!;
    expect(item).toMatchObject({ item_id: `f-${pageOf.get(2)}-6`, q: 6, kind_of_question: 'score', read: null, proposal: null, max: 10, fills: null, flag: 'incomplete', student_number: students[1].number });
    const bad = await cards({ method: 'save', action: 'correction', item_id: item.item_id, answer: '11' });
    expect([bad.status, bad.body.message]).toEqual([400, '11 分超過第 6 題的滿分 10 分']);
    const badEn = await legacy(app, 'cards', { guid: card.guid, method: 'save', action: 'correction', item_id: item.item_id, answer: 'ten' }, teacher.token, { 'accept-language': 'en' });
    expect([badEn.status, badEn.body.message]).toEqual([400, 'Points must be from 0 to 100, in steps of 0.5']);
    const ok = await cards({ method: 'save', action: 'correction', item_id: item.item_id, answer: '6' });
    expect([ok.status, ok.body.message]).toEqual([200, '已更正']);
    expect(await points(2)).toBe(6);
    expect((await results()).pending_review).toBe(0);
    expect(await scoreItems()).toEqual([]);
  });

  it('never overrides a teacher’s grade: the grade counts, the field’s points come back when the grade is taken back', async () => {
    const given = await trpc('grading.givePoints', 'mutation', { guid: card.guid, rows: [{ student_id: students[0].id, q: 6, points: 5 }] });
    expect(given.status).toBe(200);
    expect(await points(1)).toBe(5);
    const again = await cards({ method: 'save', action: 'correction', item_id: `f-${pageOf.get(1)}-6`, answer: '8' });
    expect([again.status, again.body.message]).toEqual([200, '已更正；此題已有教師評分，仍以教師評分計算']);
    expect(await points(1)).toBe(5);
    const grade = ((await trpc('grading.grades', 'query', { guid: card.guid, q: 6 })).data as { student_id: number; version: number }[]).find((g) => g.student_id === students[0].id)!;
    await trpc('grading.removeGrade', 'mutation', { guid: card.guid, student_id: students[0].id, q: 6, version: grade.version });
    expect(await points(1)).toBe(8);
  });

  it('an answer a teacher graded is no open item; another school reaches nothing', async () => {
    await trpc('scan.correct', 'mutation', { kind: 'undo', pageId: pageOf.get(2), what: 'score', qs: [6] });
    expect((await scoreItems()).map((i) => i.item_id)).toEqual([`f-${pageOf.get(2)}-6`]);
    await trpc('grading.givePoints', 'mutation', { guid: card.guid, rows: [{ student_id: students[1].id, q: 6, points: 4 }] });
    expect(await scoreItems()).toEqual([]);
    expect((await results()).pending_review).toBe(0);

    const foreign = await trpc('scan.correct', 'mutation', { kind: 'score', pageId: pageOf.get(2), q: 6, value: '1' }, other.token);
    expect(foreign.status).toBe(404);
    const foreignLegacy = await legacy(app, 'cards', { guid: card.guid, method: 'save', action: 'correction', item_id: `f-${pageOf.get(2)}-6`, answer: '1' }, other.token);
    expect(foreignLegacy.status).toBe(404);
    const crop = await trpc('scan.pageImage', 'query', { pageId: pageOf.get(2), q: 6, field: true }, other.token);
    expect(crop.status).toBe(404);
  });
});
