import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemAnalysis, KeyView, Results } from '../../src/shared/schemas/scores';
import type { Signed } from '../support/card-fixtures';
import { seedRoster } from '../support/print-tickets';
import { trpcCall } from '../support/school-admin';
import { scanSchool, storeScanCard } from '../support/scan-fixtures';
import { legacyFile, seedAnswers } from '../support/score-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Exam versions (A/B 卷, issue 26) in scoring, over answers seeded into scan_pages with their
// version: one master key, version B's order (questions and options shuffled) through both doors,
// each sheet un-shuffled and scored against the right key, statistics per master question across
// versions and per version on request; a version without an order is left out, never mis-scored.
// The scan test map: q1–3 single, q4 multi, q5 single, options A–D.
let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };
let seats: { id: number; seat: number; number: string }[] = [];

const trpc = <T>(path: string, type: 'query' | 'mutation', input: Record<string, unknown>) =>
  trpcCall(app, path, type, { guid: card.guid, ...input }, teacher.token) as Promise<{ status: number; data: T; error?: { message: string; data: { fields?: Record<string, string> } } }>;
const cards = (body: Record<string, unknown>) => legacy(app, 'cards', { guid: card.guid, ...body }, teacher.token);

// Master (A): 1 A, 2 B, 3 C, 4 AC (partial), 5 D.
const KEY = { 1: { answer: 'A' }, 2: { answer: 'B' }, 3: { answer: 'C' }, 4: { answer: 'AC', points: 5, rule: 'partial' }, 5: { answer: 'D' } };
// B's sheet: printed 1 = master 3, 2 = master 1 (options reversed: printed A is master D …), 3 = master 2, 4 = master 4, 5 = master 5.
const B_ORDER = [
  { q: 1, master: 3 },
  { q: 2, master: 1, options: 'DCBA' },
  { q: 3, master: 2 },
  { q: 4, master: 4 },
  { q: 5, master: 5 },
];

beforeAll(async () => {
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, 4);
  seats = await app.deps.db.selectFrom('students').select(['id', 'seat', 'number']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '段考');
  const owner = { clientId: teacher.schoolId, userId: teacher.userId, documentId: card.id };
  await seedAnswers(app.deps.db, owner, [
    // Seat 1, A: all right (9: four 1-point questions and q4's 5). Seat 3, A: q1 wrong (8).
    { studentId: seats[0].id, version: 'A', answers: { 1: 'A', 2: 'B', 3: 'C', 4: 'AC', 5: 'D' } },
    { studentId: seats[2].id, version: 'A', answers: { 1: 'B', 2: 'B', 3: 'C', 4: 'AC', 5: 'D' } },
    // Seat 2, B: all right as B prints it — master 3 (C) first, master 1's A printed as D, master 2's B third.
    { studentId: seats[1].id, version: 'B', answers: { 1: 'C', 2: 'D', 3: 'B', 4: 'AC', 5: 'D' } },
    // Seat 4, B: printed 2 = A is master D (wrong); read under A's key it would look right on q2 … and wrong elsewhere.
    { studentId: seats[3].id, version: 'B', answers: { 1: 'C', 2: 'A', 3: 'B', 4: 'A', 5: 'D' } },
  ]);
  expect((await cards({ method: 'save', action: 'answerKey', key: KEY })).status).toBe(200);
}, 60_000);
afterAll(() => app.close());

describe('a card printed in versions A and B', () => {
  it('leaves version B out of scores until its order is given, and says so', async () => {
    const { data } = await trpc<Results>('scores.results', 'query', {});
    expect(data.students.map((s) => [s.seat, s.version, s.score])).toEqual([
      [1, 'A', 9],
      [3, 'A', 8],
    ]);
    expect(data.versions).toEqual([
      { version: 'A', students: 2, ordered: true },
      { version: 'B', students: 2, ordered: false },
    ]);
    const key = (await trpc<KeyView>('scores.key', 'query', {})).data;
    expect(key.versions).toEqual([{ version: 'B', questions: null, students: 2, scanned_key: null }]);
    // A file cannot say who is missing: downloads wait for the order.
    const file = await cards({ method: 'download', action: 'scores', format: 'csv' });
    expect([file.status, file.body.message]).toEqual([409, '有卷別尚未設定題序，這些學生不在成績內（卷別:人數 B:2）；請先於「答案與配分」設定題序再下載']);
  });

  it('refuses a bad order naming the question, and saves nothing', async () => {
    const dup = await trpc('scores.saveVersion', 'mutation', { version: 'B', questions: [...B_ORDER.slice(0, 4), { q: 5, master: 3 }] });
    expect([dup.status, dup.error?.message]).toEqual([400, '母卷第 3 題在 B 卷出現兩次（第 1 題與第 5 題）']);
    expect(dup.error?.data.fields).toEqual({ 'questions.4': '母卷第 3 題在 B 卷出現兩次（第 1 題與第 5 題）' });
    const short = await trpc('scores.saveVersion', 'mutation', { version: 'B', questions: B_ORDER.slice(0, 4) });
    expect(short.error?.message).toBe('B 卷的題序須包含全部 5 題（缺第 5 題）');
    const kind = await trpc('scores.saveVersion', 'mutation', { version: 'B', questions: [{ q: 1, master: 4 }] });
    expect(kind.error?.message).toBe('B 卷第 1 題與母卷第 4 題的題型或選項不同');
    const options = await cards({ method: 'save', action: 'answerKey', version: 'B', key: { 1: { master: 3 }, 2: { master: 1, options: 'DCBB' } } });
    expect([options.status, options.body.message]).toEqual([400, 'B 卷第 2 題的選項順序「DCBB」須為 ABCD 各出現一次']);
    expect(options.body.fields).toEqual({ 'key.2.master': 'B 卷第 2 題的選項順序「DCBB」須為 ABCD 各出現一次' });
    expect((await trpc('scores.saveVersion', 'mutation', { version: 'A', questions: B_ORDER })).error?.message).toBe('A 卷即母卷（答案本身的題序），不需設定題序');
    expect((await trpc('scores.saveVersion', 'mutation', { version: 'E', questions: B_ORDER })).error?.message).toContain('卷別須為 A、B、C 或 D');
    expect(await app.deps.db.selectFrom('version_questions').select('id').where('document_id', '=', card.id).execute()).toHaveLength(0);
  });

  it("B's order saved through the legacy door: every sheet scored against the master key, un-shuffled", async () => {
    const saved = await cards({ method: 'save', action: 'answerKey', version: 'b', key: Object.fromEntries(B_ORDER.map(({ q, ...rest }) => [q, rest])) });
    expect([saved.status, saved.body.message]).toEqual([200, '已儲存 B 卷題序（5 題）']);
    const got = (await cards({ method: 'get', action: 'answerKey' })).body.data as { versions: KeyView['versions'] };
    expect(got.versions).toEqual([{ version: 'B', students: 2, scanned_key: null, questions: B_ORDER.map((o) => ({ ...o, options: o.options ? ['D', 'C', 'B', 'A'] : null })) }]);
    const { data } = await trpc<Results>('scores.results', 'query', {});
    expect(data.students.map((s) => [s.seat, s.version, s.score, s.rank])).toEqual([
      [1, 'A', 9, 1],
      [2, 'B', 9, 1],
      [3, 'A', 8, 3],
      // master 1 (printed 2: A → D) wrong, master 4 'A' partial 5 × (4 − 2)/4 = 2.5: 1 + 1 + 2.5 + 1 = 5.5
      [4, 'B', 5.5, 4],
    ]);
    expect(data.versions.every((v) => v.ordered)).toBe(true);
    expect((await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'csv' }, teacher.token)).status).toBe(200);
    // Answers in master numbering and options: seat 4's printed 2 'A' is master 1's 'D'.
    expect(data.students[3].answers).toMatchObject({ 1: 'D', 2: 'B', 3: 'C', 4: 'A', 5: 'D' });
    const legacyScores = (await cards({ method: 'get', action: 'scores' })).body.data as { data: { seat: number; version: string; score: number }[] };
    expect(legacyScores.data.map((r) => [r.seat, r.version, r.score])).toEqual([
      [1, 'A', 9],
      [2, 'B', 9],
      [3, 'A', 8],
      [4, 'B', 5.5],
    ]);
    // get answers stays as printed on each sheet, with its version.
    const answers = (await cards({ method: 'get', action: 'answers' })).body.data as { data: { seat: number; version: string; answers: Record<string, string> }[] };
    expect(answers.data[3]).toMatchObject({ seat: 4, version: 'B', answers: { 1: 'C', 2: 'A' } });
  });

  it('item analysis per master question combines both versions; one version on request', async () => {
    const all = (await trpc<{ items: ItemAnalysis[]; count: number }>('scores.items', 'query', {})).data;
    expect(all.count).toBe(4);
    // Master 1: right for seats 1 and 2 (A, and B's printed D), wrong for 3 (B) and 4 (D).
    expect(all.items[0]).toMatchObject({ q: 1, key: 'A', difficulty: 0.5 });
    expect(all.items[0].options.map((o) => [o.value, o.count])).toEqual([['A', 2], ['B', 1], ['C', 0], ['D', 1]]);
    const onlyB = (await trpc<{ items: ItemAnalysis[]; count: number }>('scores.items', 'query', { version: 'B' })).data;
    expect(onlyB.count).toBe(2);
    expect(onlyB.items[0].options.map((o) => [o.value, o.count])).toEqual([['A', 1], ['B', 0], ['C', 0], ['D', 1]]);
    const resultsB = (await trpc<Results>('scores.results', 'query', { version: 'B' })).data;
    expect(resultsB.students.map((s) => s.seat)).toEqual([2, 4]);
  });
});
