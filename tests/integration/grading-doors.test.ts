import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradeView, RubricView } from '../../src/shared/schemas/grading';
import { ALL_CARD_PERMISSIONS, signInto, type Signed } from '../support/card-fixtures';
import { seedRoster } from '../support/print-tickets';
import { scanSchool, SCAN_PERMISSIONS, storeScanCard, writtenTestMap } from '../support/scan-fixtures';
import { trpcCall } from '../support/school-admin';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// The doors of written grading (issue 25 phase 2, docs/grading.md "Doors"): rubrics and grades
// through tRPC `grading.*` and legacy `get rubric`/`save rubric`/`save writtenScores`, with zod
// and translated refusals, two teachers at once, and tenancy. Map: q6 free with a 0…10 score
// field, q7 free (tests/support/scan-fixtures.ts writtenTestMap); roster 1年1班 seats 1–3.
let app: TestApp;
let wang: Signed;
let li: Signed;
let card = { id: 0, guid: '' };
let students: { id: number; number: string }[] = [];

type Reply<T> = { status: number; data: T; error?: { message: string; data?: { fields?: Record<string, string> } } };
const trpc = <T>(who: Signed, path: string, type: 'query' | 'mutation', input: Record<string, unknown>) => trpcCall(app, path, type, { guid: card.guid, ...input }, who.token) as Promise<Reply<T>>;
const cards = (body: Record<string, unknown>, who = wang) => legacy(app, 'cards', { guid: card.guid, ...body }, who.token);
const grade = (who: Signed, student: number, version: number, value: Record<string, unknown>) =>
  trpc<{ grade: GradeView; message: string }>(who, 'grading.saveGrade', 'mutation', { student_id: student, q: 7, version, points: null, item_ids: [], adjustment: 0, comment: '', ...value });

beforeAll(async () => {
  app = await startTestApp();
  wang = await scanSchool(app);
  const { code } = await app.deps.db.selectFrom('clients').select('code').where('id', '=', wang.schoolId).executeTakeFirstOrThrow();
  li = await signInto(app, wang.schoolId, code, 'teacher', SCAN_PERMISSIONS);
  await seedRoster(app.deps.db, wang.schoolId, 1, 1, 3);
  students = await app.deps.db.selectFrom('students').select(['id', 'number']).where('client_id', '=', wang.schoolId).orderBy('seat').execute();
  card = await storeScanCard(app.deps.db, app.deps.storage, wang, '段考', writtenTestMap());
  await cards({ method: 'save', action: 'answerKey', key: { 7: { points: 8 } } });
}, 60_000);
afterAll(() => app.close());

describe('rubrics', () => {
  let rubric: RubricView;
  it('legacy save rubric / get rubric: items in order, version 1; a choice question is refused', async () => {
    expect((await cards({ method: 'get', action: 'rubric', q: 7 })).body.data).toEqual({ q: 7, scoring: 'positive', version: 0, username: '', updated_at: null, items: [] });
    const saved = await cards({ method: 'save', action: 'rubric', q: 7, version: 0, scoring: 'positive', items: [{ points: 3, description: '列式正確' }, { points: 4, description: '計算正確' }, { points: 1, description: '單位' }] });
    expect([saved.status, saved.body.message]).toEqual([200, '已儲存評分標準']);
    rubric = (await cards({ method: 'get', action: 'rubric', q: 7 })).body.data as RubricView;
    expect(rubric).toMatchObject({ version: 1, scoring: 'positive' });
    expect(rubric.items.map((i) => [i.position, i.points, i.description, i.grades])).toEqual([[1, 3, '列式正確', 0], [2, 4, '計算正確', 0], [3, 1, '單位', 0]]);
    const choice = await cards({ method: 'save', action: 'rubric', q: 2, version: 0, scoring: 'positive', items: [] });
    expect([choice.status, choice.body.message]).toEqual([400, '第 2 題不是此試卷的非選擇題']);
    const zero = await cards({ method: 'save', action: 'rubric', q: 7, version: 1, scoring: 'positive', items: [{ points: 0, description: '' }] });
    expect([zero.status, zero.body.message]).toEqual([400, '輸入資料有誤：評分項目的分數須為 -100 到 100 之間且不為 0，以 0.5 分為單位']);
  });

  it('a stale rubric save is refused naming who saved it, in either language', async () => {
    const stale = await trpc<unknown>(li, 'grading.saveRubric', 'mutation', { q: 7, version: 0, scoring: 'negative', items: [] });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toMatch(/^評分標準已由 .+ 於 \d{4}-\d{2}-\d{2} \d{2}:\d{2}.* 修改，未覆寫；請重新載入後再儲存$/);
    expect((await cards({ method: 'get', action: 'rubric', q: 7 })).body.data).toMatchObject({ version: 1, scoring: 'positive' });
  });

  it('grades by rubric items; an item edit re-scores everyone graded with it', async () => {
    const [setup, calc] = rubric.items;
    expect((await grade(wang, students[0].id, 0, { item_ids: [setup.id, calc.id] })).data.grade).toMatchObject({ points: 7, version: 1, source: 'screen' });
    expect((await grade(wang, students[1].id, 0, { item_ids: [setup.id], adjustment: 0.5, comment: '過程清楚' })).data.grade).toMatchObject({ points: 3.5 });
    const edited = await trpc<{ rubric: RubricView }>(wang, 'grading.saveRubric', 'mutation', { q: 7, version: 1, scoring: 'positive', items: rubric.items.map((i) => ({ id: i.id, points: i.id === setup.id ? 2 : i.points, description: i.description })) });
    expect(edited.data.rubric.items.map((i) => i.grades)).toEqual([2, 1, 0]);
    const grades = (await trpc<GradeView[]>(wang, 'grading.grades', 'query', { q: 7 })).data;
    expect(grades.map((g) => [g.student_id, g.points])).toEqual([[students[0].id, 6], [students[1].id, 2.5]]);
  });
});

describe('two teachers grading at once', () => {
  it('the second save over a version it did not see is refused with who and when; nothing overwritten', async () => {
    const wangSaw = (await trpc<GradeView[]>(wang, 'grading.grades', 'query', { q: 7 })).data.find((g) => g.student_id === students[0].id)!;
    const liSave = await grade(li, students[0].id, wangSaw.version, { points: 5 });
    expect(liSave.status).toBe(200);
    const wangSave = await grade(wang, students[0].id, wangSaw.version, { points: 8 });
    expect(wangSave.status).toBe(409);
    expect(wangSave.error?.message).toMatch(/^此題已由 .+ 於 .+ 評分，未覆寫；請重新載入後再評分$/);
    const now = (await trpc<GradeView[]>(wang, 'grading.grades', 'query', { q: 7 })).data.find((g) => g.student_id === students[0].id)!;
    expect([now.points, now.given, now.version]).toEqual([5, 5, wangSaw.version + 1]);
    const both = await Promise.all([grade(wang, students[2].id, 0, { points: 1 }), grade(li, students[2].id, 0, { points: 2 })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses points above the maximum, points with items, and an unknown student', async () => {
    const over = await grade(wang, students[0].id, 2, { points: 8.5 });
    expect([over.status, over.error?.message]).toEqual([400, '8.5 分超過第 7 題的滿分 8 分']);
    expect((await grade(wang, students[0].id, 2, { points: 2, adjustment: 1 })).status).toBe(400);
    expect((await grade(wang, 999999, 0, { points: 2 })).status).toBe(404);
  });
});

describe('points in bulk', () => {
  it('the typed grid gives points to many answers, replacing rubric grades', async () => {
    const saved = await trpc<{ message: string }>(wang, 'grading.givePoints', 'mutation', { rows: students.map((s, i) => ({ student_id: s.id, q: 7, points: i + 0.5 })) });
    expect([saved.status, saved.data.message]).toEqual([200, '已儲存 3 筆分數']);
    const grades = (await trpc<GradeView[]>(wang, 'grading.grades', 'query', { q: 7 })).data;
    expect(grades.map((g) => [g.points, g.item_ids, g.source])).toEqual([[0.5, [], 'typed'], [1.5, [], 'typed'], [2.5, [], 'typed']]);
    expect(grades[1].comment).toBe('過程清楚');
  });

  it('legacy save writtenScores: student numbers of the school; an unknown number or question refuses the whole call', async () => {
    const unknown = await cards({ method: 'save', action: 'writtenScores', scores: [{ student_number: students[0].number, q: 7, points: 6 }, { student_number: 'X999', q: 7, points: 1 }] });
    expect([unknown.status, unknown.body.message]).toEqual([400, '名單中沒有這些學號：X999；未儲存任何分數']);
    const choice = await cards({ method: 'save', action: 'writtenScores', scores: [{ student_number: students[0].number, q: 1, points: 1 }] });
    expect([choice.status, choice.body.message]).toEqual([400, '第 1 題不是此試卷的非選擇題']);
    const ok = await cards({ method: 'save', action: 'writtenScores', scores: [{ student_number: students[0].number, q: 7, points: 6, comment: '很好' }, { student_number: students[1].number, q: 6, points: 9.5 }] });
    expect([ok.status, ok.body.message]).toEqual([200, '已儲存 2 筆分數']);
    const q7 = (await trpc<GradeView[]>(wang, 'grading.grades', 'query', { q: 7 })).data;
    expect(q7[0]).toMatchObject({ points: 6, comment: '很好', source: 'legacy' });
    const en = await legacy(app, 'cards', { method: 'save', action: 'writtenScores', guid: card.guid, scores: [{ student_number: students[0].number, q: 7, points: 0.3 }] }, wang.token, { 'accept-language': 'en' });
    expect([en.status, en.body.message]).toEqual([400, 'Invalid input: Points must be from 0 to 100, in steps of 0.5']);
  });
});

describe('tenancy and rights', () => {
  it('another school and a teacher without 讀卡 reach no rubric or grade through either door, and change nothing', async () => {
    const stranger = await scanSchool(app);
    const { code } = await app.deps.db.selectFrom('clients').select('code').where('id', '=', wang.schoolId).executeTakeFirstOrThrow();
    const plain = await signInto(app, wang.schoolId, code, 'teacher', ALL_CARD_PERMISSIONS);
    const before = JSON.stringify(await app.deps.db.selectFrom('written_grades').selectAll().orderBy('id').execute());
    for (const [who, status] of [[stranger, 404], [plain, 403]] as const) {
      expect((await cards({ method: 'get', action: 'rubric', q: 7 }, who)).status).toBe(status);
      expect((await cards({ method: 'save', action: 'writtenScores', scores: [{ student_number: students[0].number, q: 7, points: 1 }] }, who)).status).toBe(status);
      expect((await trpc(who, 'grading.grades', 'query', { q: 7 })).status).toBe(status);
      expect((await grade(who, students[0].id, 0, { points: 1 })).status).toBe(status);
    }
    expect(JSON.stringify(await app.deps.db.selectFrom('written_grades').selectAll().orderBy('id').execute())).toBe(before);
  });
});
