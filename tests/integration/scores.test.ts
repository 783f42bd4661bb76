import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillFromString, parsePasted, type KeyFill } from '../../src/shared/scoring/key-entry';
import type { ItemAnalysis, KeyView, Reliability, Results } from '../../src/shared/schemas/scores';
import { ALL_CARD_PERMISSIONS, signInto, type Signed } from '../support/card-fixtures';
import { pdfText } from '../support/poppler';
import { seedRoster } from '../support/print-tickets';
import { trpcCall } from '../support/school-admin';
import { scanSchool, storeScanCard } from '../support/scan-fixtures';
import { legacyFile, seedAnswers } from '../support/score-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Answer key → scores → statistics → item analysis → exports, through both doors, over answers
// seeded straight into scan_pages (tests/support/score-fixtures.ts). The scan test map has q1–3
// single, q4 multi, q5 single, options A–D.
let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };
let students: { id: number; class: number; seat: number; number: string; name: string }[] = [];
const at = (klass: number, seat: number) => students.find((s) => s.class === klass && s.seat === seat)!;

const cards = (body: Record<string, unknown>, token = teacher.token) => legacy(app, 'cards', { guid: card.guid, ...body }, token);
const trpc = <T>(path: string, type: 'query' | 'mutation', input: Record<string, unknown>, token = teacher.token) =>
  trpcCall(app, path, type, { guid: card.guid, ...input }, token) as Promise<{ status: number; data: T; error?: { message: string; data: { fields?: Record<string, string> } } }>;
const scoresOf = (r: Results) => r.students.map((s) => [s.student_number, s.score, s.rank]);

const KEY = { 1: { answer: 'A', points: 2 }, 2: { answer: 'B' }, 3: { answer: 'C' }, 4: { answer: 'CA', points: 5, rule: 'partial' }, 5: { answer: 'D' } };

beforeAll(async () => {
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 2, 3);
  students = await app.deps.db.selectFrom('students').select(['id', 'class', 'seat', 'number', 'name']).where('client_id', '=', teacher.schoolId).execute();
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '期中考');
  const owner = { clientId: teacher.schoolId, userId: teacher.userId, documentId: card.id };
  await seedAnswers(app.deps.db, owner, [
    { studentId: at(1, 1).id, answers: { 1: 'A', 2: 'B', 3: 'C', 4: 'AC', 5: 'D' } },
    { studentId: at(1, 2).id, answers: { 1: 'A', 2: 'C', 3: 'C', 4: 'A', 5: 'D' } },
    { studentId: at(1, 3).id, answers: { 2: 'B', 3: 'AB', 4: 'ACD', 5: 'A' }, flags: { 3: 'multiple' } },
    { studentId: at(2, 1).id, answers: { 1: 'B', 2: 'B', 3: 'C', 4: 'BD', 5: 'D' } },
    { studentId: at(2, 2).id, answers: { 1: 'A', 2: 'B', 5: 'D' } },
    // An answer-key sheet scanned with the class: stored as `key`, nobody's answers.
    { studentId: null, status: 'key', answers: { 1: 'A', 2: 'B', 3: 'C', 4: 'AC', 5: 'AB' }, flags: { 5: 'multiple' } },
  ]);
}, 60_000);
afterAll(() => app.close());

describe('the key', () => {
  it('lists every scorable question of the map with defaults before anything is saved', async () => {
    const { status, data } = await trpc<KeyView>('scores.key', 'query', {});
    expect(status).toBe(200);
    expect(data).toMatchObject({ saved: false, updated_at: null, max_score: 0 });
    expect(data.questions.map((q) => [q.q, q.kind, q.answer, q.points, q.rule])).toEqual([
      [1, 'single', '', 1, 'all'],
      [2, 'single', '', 1, 'all'],
      [3, 'single', '', 1, 'all'],
      [4, 'multi', '', 1, 'all'],
      [5, 'single', '', 1, 'all'],
    ]);
    expect(data.questions[0].options).toEqual(['A', 'B', 'C', 'D']);
    expect(data.scanned_key?.answers).toEqual({ 1: 'A', 2: 'B', 3: 'C', 4: 'AC', 5: 'AB' });
  });

  it('refuses an answer that is not an option, naming the question, and saves nothing', async () => {
    const reply = await cards({ method: 'save', action: 'answerKey', key: { ...KEY, 3: { answer: 'F' } } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('第 3 題的答案「F」不是此題的選項');
    expect(reply.body.fields).toEqual({ 'key.3.answer': '第 3 題的答案「F」不是此題的選項' });
    const en = await legacy(app, 'cards', { method: 'save', action: 'answerKey', guid: card.guid, key: { 1: { answer: 'A', rule: 'partial' } } }, teacher.token, { 'accept-language': 'en' });
    expect([en.status, en.body.message]).toEqual([400, 'Question 1 is not multi-choice, so it cannot use partial credit']);
    expect((await cards({ method: 'save', action: 'answerKey', key: { 9: { answer: 'A' } } })).body.message).toBe('第 9 題不在此試卷上，或不是可計分的選擇題');
    expect((await cards({ method: 'save', action: 'answerKey', key: { 1: { answer: 'A', points: -1 } } })).status).toBe(400);
    expect(await app.deps.db.selectFrom('answer_keys').select('id').where('document_id', '=', card.id).execute()).toHaveLength(0);
  });

  it('is saved through the legacy door and read back through both', async () => {
    const saved = await cards({ method: 'save', action: 'answerKey', key: KEY });
    expect([saved.status, saved.body.message]).toEqual([200, '已儲存答案與配分']);
    const got = (await cards({ method: 'get', action: 'answerKey' })).body.data as { key: Record<string, { answer: string; points: number; rule: string }>; max_score: number; saved: boolean };
    expect(got.saved).toBe(true);
    expect(got.max_score).toBe(10);
    expect(got.key['4']).toMatchObject({ answer: 'AC', points: 5, rule: 'partial', kind: 'multi', showno: '4' });
    const view = (await trpc<KeyView>('scores.key', 'query', {})).data;
    expect(view.questions.map((q) => q.answer).join(',')).toBe('A,B,C,AC,D');
    expect(view.updated_at).toMatch(/\d/);
  });
});

describe('scores', () => {
  it('are computed from the read answers: partial credit, a double mark, blanks, 1224 ranks', async () => {
    const reply = await cards({ method: 'get', action: 'scores' });
    const rows = (reply.body.data as { data: { student_number: string; score: number; max_score: number; correct: Record<string, boolean>; answers: Record<string, string> }[] }).data;
    expect(rows.map((r) => [r.student_number, r.score])).toEqual([
      [at(1, 1).number, 10],
      [at(1, 2).number, 6.5],
      [at(1, 3).number, 3.5],
      [at(2, 1).number, 3],
      [at(2, 2).number, 4],
      // A roster student of a scanned class without a sheet: 缺考, no score (issue 24).
      [at(2, 3).number, null],
    ]);
    expect(rows[5]).toMatchObject({ absent: true, rank: null });
    expect(rows[0].max_score).toBe(10);
    expect(rows[2].correct).toEqual({ 1: false, 2: true, 3: false, 4: false, 5: false });
    expect(rows[2].answers).toMatchObject({ 3: 'AB', 4: 'ACD' });
  });

  it('results: ranks, statistics (population SD), histogram, per-class summaries, one class on its own', async () => {
    const { data } = await trpc<Results>('scores.results', 'query', {});
    expect(data).toMatchObject({ keyed: true, max_score: 10 });
    expect(data.students.map((s) => s.rank)).toEqual([1, 2, 4, 5, 3]);
    expect(data.students[1].points).toEqual({ 1: 2, 2: 0, 3: 1, 4: 2.5, 5: 1 });
    expect(data.students[2].flags).toMatchObject({ 1: 'blank', 3: 'multiple' });
    expect(data.stats).toEqual({ count: 5, mean: 5.4, median: 4, sd: 2.6, max: 10, min: 3 });
    expect(data.histogram.map((b) => b.count)).toEqual([0, 0, 0, 2, 1, 0, 1, 0, 0, 1]);
    expect(data.classes).toEqual([
      { grade: 1, class: 1, count: 3, mean: 6.67, median: 6.5, sd: 2.66, max: 10, min: 3.5 },
      { grade: 1, class: 2, count: 2, mean: 3.5, median: 3.5, sd: 0.5, max: 4, min: 3 },
    ]);
    const second = (await trpc<Results>('scores.results', 'query', { grade: 1, class: 2 })).data;
    expect(scoresOf(second)).toEqual([
      [at(2, 1).number, 3, 2],
      [at(2, 2).number, 4, 1],
    ]);
  });

  it('item analysis: difficulty, discrimination, distribution with blanks, flags', async () => {
    const { items } = (await trpc<{ items: ItemAnalysis[] }>('scores.items', 'query', {})).data;
    expect(items[0]).toMatchObject({ q: 1, key: 'A', difficulty: 0.6, blank: 1 });
    expect(items[0].options).toEqual([
      { value: 'A', count: 3, share: 0.6, is_key: true },
      { value: 'B', count: 1, share: 0.2, is_key: false },
      { value: 'C', count: 0, share: 0, is_key: false },
      { value: 'D', count: 0, share: 0, is_key: false },
    ]);
    // Upper 27 % (1 student: 10) vs lower (1 student: 3).
    expect(items[0].discrimination).toBe(1);
    expect(items[3]).toMatchObject({ q: 4, kind: 'multi', key: 'AC', difficulty: 0.4 }); // 1 + ½ + ½ + 0 + 0 over 5
  });

  it('reliability (α: partial credit and unequal points), SEM and corrected point-biserials, against values computed here', async () => {
    const { items, reliability } = (await trpc<{ items: ItemAnalysis[]; reliability: Reliability }>('scores.items', 'query', {})).data;
    // The points each student earned per question (the results test above), written out.
    const earned = [
      [2, 1, 1, 5, 1],
      [2, 0, 1, 2.5, 1],
      [0, 1, 0, 2.5, 0],
      [0, 1, 1, 0, 1],
      [2, 1, 0, 0, 1],
    ];
    const variance = (xs: number[]) => {
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      return xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length;
    };
    const totals = earned.map((row) => row.reduce((a, b) => a + b, 0));
    const alpha = (5 / 4) * (1 - [0, 1, 2, 3, 4].reduce((a, j) => a + variance(earned.map((r) => r[j])), 0) / variance(totals));
    expect(reliability.method).toBe('alpha');
    expect(reliability.value).toBeCloseTo(alpha, 4);
    expect(reliability.value).toBeCloseTo(0.319, 3); // numpy
    expect(reliability.sem).toBeCloseTo(Math.sqrt(variance(totals) * (1 - alpha)), 2);
    expect(reliability).toMatchObject({ questions: 5, count: 5 });
    // numpy: np.corrcoef(question, total − question)
    expect(items.map((i) => i.point_biserial)).toEqual([0.3758, -0.3507, 0.3604, 0.2758, 0.222]);
  });

  it('change the key: every student is re-scored at once, no scan read again', async () => {
    const saved = await trpc<{ message: string }>('scores.saveKey', 'mutation', { questions: [{ q: 2, answer: 'c', points: 1, rule: 'all' }] });
    expect(saved.data.message).toBe('已儲存答案與配分');
    expect(scoresOf((await trpc<Results>('scores.results', 'query', {})).data).map((r) => r[1])).toEqual([9, 7.5, 2.5, 2, 3]);
    // Bonus: everyone earns q5; dropped: q1 counts for no one and leaves the maximum.
    await trpc('scores.saveKey', 'mutation', { questions: [{ q: 5, answer: 'D', points: 1, rule: 'all', bonus: true }, { q: 1, answer: 'A', points: 2, rule: 'all', dropped: true }] });
    const after = (await trpc<Results>('scores.results', 'query', {})).data;
    expect(after.max_score).toBe(8);
    expect(after.students.map((s) => s.score)).toEqual([7, 5.5, 3.5, 2, 1]);
    expect(after.students[0].correct).not.toHaveProperty('1');
  });

  it('a tRPC save with a bad answer names the field', async () => {
    const bad = await trpc('scores.saveKey', 'mutation', { questions: [{ q: 1, answer: 'A', points: 2, rule: 'all' }, { q: 4, answer: 'AZ', points: 5, rule: 'partial' }] });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('第 4 題的答案「AZ」不是此題的選項');
    expect(bad.error?.data.fields).toEqual({ 'questions.1.answer': '第 4 題的答案「AZ」不是此題的選項' });
  });

  it('the scanned key sheet becomes the key, keeping points; a double mark becomes an accepted answer', async () => {
    const used = await trpc<{ message: string }>('scores.useScannedKey', 'mutation', {});
    expect(used.data.message).toBe('已套用掃描的答案卷（5 題）');
    const view = (await trpc<KeyView>('scores.key', 'query', {})).data;
    expect(view.questions.map((q) => [q.answer, q.accepted, q.points])).toEqual([
      ['A', [], 2],
      ['B', [], 1],
      ['C', [], 1],
      ['AC', [], 5],
      ['A', ['B'], 1],
    ]);
    expect((await trpc<Results>('scores.results', 'query', {})).data.students).toHaveLength(5);
  });
});

describe('fast entry', () => {
  // The screen's parsing (src/shared/scoring/key-entry.ts) applied to the key view, saved through scores.saveKey.
  const fillAndSave = async (fills: KeyFill[]) => {
    const view = (await trpc<KeyView>('scores.key', 'query', {})).data;
    const byQ = new Map(fills.map((f) => [f.q, f]));
    const questions = view.questions.map(({ q, answer, accepted, points, rule, bonus, dropped }) => ({ q, answer: byQ.get(q)?.answer ?? answer, accepted, points: byQ.get(q)?.points ?? points, rule, bonus, dropped }));
    return trpc<{ message: string }>('scores.saveKey', 'mutation', { questions });
  };

  it('a typed string fills consecutive questions, a multi-choice answer in brackets', async () => {
    const view = (await trpc<KeyView>('scores.key', 'query', {})).data;
    const typed = fillFromString(view.questions, '1', 'dcb(ab)a');
    if (!typed.ok) throw new Error(typed.error.key);
    expect((await fillAndSave(typed.value)).data.message).toBe('已儲存答案與配分');
    expect((await trpc<KeyView>('scores.key', 'query', {})).data.questions.map((q) => q.answer)).toEqual(['D', 'C', 'B', 'AB', 'A']);
  });

  it('a pasted spreadsheet column (題號, 答案, 配分) sets answers and points', async () => {
    const view = (await trpc<KeyView>('scores.key', 'query', {})).data;
    const pasted = parsePasted(view.questions, '題號\t答案\t配分\r\n1\tA\t2\r\n2\tB\r\n3\tC\r\n4\tAC\t5\r\n5\tD\r\n', '1');
    if (!pasted.ok) throw new Error(pasted.error.key);
    await fillAndSave(pasted.value);
    const saved = (await trpc<KeyView>('scores.key', 'query', {})).data;
    expect(saved.questions.map((q) => [q.answer, q.points])).toEqual([['A', 2], ['B', 1], ['C', 1], ['AC', 5], ['D', 1]]);
  });
});

describe('exports', () => {
  beforeAll(async () => {
    await cards({ method: 'save', action: 'answerKey', key: { ...KEY, 1: { answer: 'A', points: 2, dropped: false }, 5: { answer: 'D', bonus: false } } });
  });

  it('xlsx: a sheet per class with right/wrong colours, a summary and item analysis', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'xlsx' }, teacher.token);
    expect(file.status).toBe(200);
    expect(file.disposition).toContain('期中考_成績.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['1年1班', '1年2班', '統計', '試題分析']);
    const c1 = book.getWorksheet('1年1班')!;
    expect(c1.getRow(1).values).toEqual([undefined, '座號', '學號', '姓名', '1', '2', '3', '4', '5', '分數', '名次']);
    expect(c1.getRow(2).values).toEqual([undefined, '', '', '答案', 'A', 'B', 'C', 'AC', 'D', 10, '']);
    expect(c1.getRow(4).values).toEqual([undefined, 1, at(1, 1).number, at(1, 1).name, 'A', 'B', 'C', 'AC', 'D', 10, 1]);
    expect(c1.getRow(6).values).toEqual([undefined, 3, at(1, 3).number, at(1, 3).name, '', 'B', 'AB', 'ACD', 'A', 3.5, 4]);
    const fill = (row: number, col: number) => (c1.getCell(row, col).fill as ExcelJS.FillPattern).fgColor?.argb;
    expect([fill(4, 4), fill(6, 6), fill(6, 7), fill(5, 7)]).toEqual(['FFC6EFCE', 'FFFFC7CE', 'FFFFEB9C', 'FFFFEB9C']);
    const summary = book.getWorksheet('統計')!;
    expect(summary.getRow(2).values).toEqual([undefined, 1, 1, 3, 6.67, 6.5, 2.66, 10, 3.5]);
    expect(summary.getRow(4).values).toEqual([undefined, '全部', '', 5, 5.4, 4, 2.6, 10, 3]);
    expect(summary.getRow(7).values).toEqual([undefined, '信度 Cronbach α', 0.319]);
    expect(summary.getRow(8).values).toEqual([undefined, '測量標準誤', 2.14]);
    const items = book.getWorksheet('試題分析')!;
    expect(items.getRow(1).values).toEqual([undefined, '題號', '題型', '答案', '配分', '難度', '鑑別度', '點二系列相關', '未作答', 'A', 'B', 'C', 'D', '注意']);
    // The kind in words and the shares formatted as on screen (60%, 1.00), still numbers.
    expect(items.getRow(2).values).toEqual([undefined, '1', '單選', 'A', 2, 0.6, 1, 0.3758, 1, 3, 1, 0, 0, '']);
    expect([5, 6, 7].map((c) => items.getRow(2).getCell(c).numFmt)).toEqual(['0%', '0.00', '0.00']);
  });

  it('csv: UTF-8 with BOM, the columns school systems import, one class', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'csv', grade: 1, class: 2 }, teacher.token);
    expect(file.disposition).toContain('期中考_1年2班_成績.csv');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.bytes.toString('utf8').slice(1).split('\r\n')).toEqual([
      '學號,姓名,年級,班級,座號,分數,滿分',
      `${at(2, 1).number},${at(2, 1).name},1,2,1,3,10`,
      `${at(2, 2).number},${at(2, 2).name},1,2,2,4,10`,
      `${at(2, 3).number},${at(2, 3).name},1,2,3,缺考,10`,
      '',
    ]);
  });

  it('pdf: the class report with names, scores, ranks and statistics; a class is required', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'pdf', grade: 1, class: 1 }, teacher.token);
    expect([file.status, file.type]).toEqual([200, 'application/pdf']);
    expect(file.disposition).toContain('期中考_1年1班_成績.pdf');
    const text = pdfText(file.bytes, 1).stdout.replace(/[ \t]+/g, ' ');
    expect(text).toContain('期中考 成績單');
    expect(text).toContain('1年1班');
    expect(text).toContain('人數 3');
    expect(text).toContain('平均 6.67');
    for (const [seat, score, rank] of [[1, 10, 1], [2, 6.5, 2], [3, 3.5, 3]]) {
      const s = at(1, seat);
      expect(text).toMatch(new RegExp(`${seat}\\s+${s.number}\\s+${s.name}\\s+${score}\\s+${rank}`));
    }
    const refused = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'pdf' }, teacher.token);
    expect(refused.status).toBe(400);
    expect((JSON.parse(refused.bytes.toString()) as { message: string }).message).toBe('成績單 PDF 需指定年級與班級');
  });
});

describe('成績總覽 (scores.overview)', () => {
  it("lists the school's scanned exam with its classes, open review and the mean of 成績", async () => {
    const { status, data } = await trpcCall(app, 'scores.overview', 'query', undefined, teacher.token);
    expect(status).toBe(200);
    const rows = data as { guid: string; title: string; classes: { grade: number; class: number; students: number }[]; students: number; reviewOpen: number; keyed: boolean; mean: number | null; maxScore: number }[];
    const row = rows.find((r) => r.guid === card.guid)!;
    const results = (await trpc<Results>('scores.results', 'query', {})).data;
    const review = (await trpcCall(app, 'scan.review', 'query', { guid: card.guid }, teacher.token)).data as unknown[];
    expect(row).toMatchObject({ title: '期中考', students: results.students.length, keyed: true, maxScore: results.max_score, mean: results.stats!.mean, reviewOpen: review.length });
    expect(row.classes).toEqual([
      { grade: 1, class: 1, students: 3 },
      { grade: 1, class: 2, students: 2 },
    ]);
  });

  it("shows another school nothing of it, and a teacher without 讀卡 is refused", async () => {
    const other = await scanSchool(app);
    expect((await trpcCall(app, 'scores.overview', 'query', undefined, other.token)).data).toEqual([]);
    const { code } = await app.deps.db.selectFrom('clients').select('code').where('id', '=', teacher.schoolId).executeTakeFirstOrThrow();
    const plain = await signInto(app, teacher.schoolId, code, 'teacher', ALL_CARD_PERMISSIONS);
    expect((await trpcCall(app, 'scores.overview', 'query', undefined, plain.token)).status).toBe(403);
  });
});

describe('tenancy', () => {
  it("another school reaches no key, score or export of the card through either door, and changes nothing", async () => {
    const other = await scanSchool(app);
    const before = JSON.stringify(await app.deps.db.selectFrom('answer_keys').selectAll().where('document_id', '=', card.id).execute());
    for (const body of [
      { method: 'get', action: 'answerKey' },
      { method: 'save', action: 'answerKey', key: { 1: { answer: 'B' } } },
      { method: 'get', action: 'scores' },
      { method: 'download', action: 'scores', format: 'xlsx' },
      { method: 'download', action: 'keySheet' },
    ]) {
      expect((await cards(body, other.token)).status, `${body.method} ${body.action}`).toBe(404);
    }
    for (const [path, type, input] of [
      ['scores.key', 'query', {}],
      ['scores.results', 'query', {}],
      ['scores.items', 'query', {}],
      ['scores.saveKey', 'mutation', { questions: [{ q: 1, answer: 'B', points: 1, rule: 'all' }] }],
      ['scores.useScannedKey', 'mutation', {}],
      ['scores.saveVersion', 'mutation', { version: 'B', questions: [{ q: 1, master: 1 }] }],
    ] as const) {
      expect((await trpc(path, type, input, other.token)).status, path).toBe(404);
    }
    expect(JSON.stringify(await app.deps.db.selectFrom('answer_keys').selectAll().where('document_id', '=', card.id).execute())).toBe(before);
  });

  it('a teacher of the school without 讀卡 (cards.scan) is refused keys and scores', async () => {
    const { code } = await app.deps.db.selectFrom('clients').select('code').where('id', '=', teacher.schoolId).executeTakeFirstOrThrow();
    const plain = await signInto(app, teacher.schoolId, code, 'teacher', ALL_CARD_PERMISSIONS);
    expect((await cards({ method: 'get', action: 'scores' }, plain.token)).status).toBe(403);
    expect((await cards({ method: 'save', action: 'answerKey', key: { 1: { answer: 'B' } } }, plain.token)).status).toBe(403);
    expect((await trpc('scores.results', 'query', {}, plain.token)).status).toBe(403);
  });
});
