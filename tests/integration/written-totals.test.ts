import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Results } from '../../src/shared/schemas/scores';
import type { WrittenItem } from '../../src/shared/scoring/written-analysis';
import type { Signed } from '../support/card-fixtures';
import { pdfText } from '../support/poppler';
import { seedRoster } from '../support/print-tickets';
import { scanSchool, storeScanCard, writtenTestMap } from '../support/scan-fixtures';
import { trpcCall } from '../support/school-admin';
import { legacyFile, seedAnswers } from '../support/score-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Totals everywhere (issue 25 phase 2, docs/grading.md "Totals"): choice + written = the total in
// 成績, statistics and ranks on it, the written points per question in legacy get scores and the
// xlsx / csv / pdf exports, item analysis of the written questions, and 「尚有 N 題未評分」 while
// any counted written answer is ungraded. Written points come from a grade (typed, integrator,
// screen) or else from the scan's score field when the reader was sure of it.
let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };
let students: { id: number; seat: number; number: string; name: string }[] = [];

const cards = (body: Record<string, unknown>) => legacy(app, 'cards', { guid: card.guid, ...body }, teacher.token);
const results = async () => (await trpcCall(app, 'scores.results', 'query', { guid: card.guid }, teacher.token)).data as Results;

beforeAll(async () => {
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, 3);
  students = await app.deps.db.selectFrom('students').select(['id', 'seat', 'number', 'name']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '段考', writtenTestMap());
  const owner = { clientId: teacher.schoolId, userId: teacher.userId, documentId: card.id };
  await seedAnswers(
    app.deps.db,
    owner,
    [
      { studentId: students[0].id, answers: { 1: 'A', 2: 'B', 3: 'C', 4: 'AC', 5: 'D' } },
      { studentId: students[1].id, answers: { 1: 'A', 2: 'C', 3: 'C', 4: 'A', 5: 'D' } },
      { studentId: students[2].id, answers: { 1: 'B', 2: 'B', 3: 'C', 4: 'BD', 5: 'D' } },
    ],
    writtenTestMap(),
  );
  // The reader's score fields on page 2 (answers["s6"], docs/omr-geometry.md "Score fields: reading"): 9 read sure, a faint mark, 3.
  const fields = [{ s6: '9' }, { s6: '' }, { s6: '3' }];
  const flags = [{}, { s6: 'score-ambiguous' }, {}];
  for (const [i, s] of students.entries()) {
    const page = await app.deps.db.selectFrom('scan_pages').select(['id', 'answers', 'flags']).where('student_id', '=', s.id).where('card_page', '=', 2).executeTakeFirstOrThrow();
    await app.deps.db
      .updateTable('scan_pages')
      .set({ answers: JSON.stringify({ ...JSON.parse(page.answers), ...fields[i] }), flags: JSON.stringify({ ...JSON.parse(page.flags), ...flags[i] }) })
      .where('id', '=', page.id)
      .execute();
  }
  await cards({ method: 'save', action: 'answerKey', key: { 1: { answer: 'A', points: 2 }, 2: { answer: 'B' }, 3: { answer: 'C' }, 4: { answer: 'CA', points: 5, rule: 'partial' }, 5: { answer: 'D' }, 6: { points: 10 }, 7: { points: 8 } } });
  await cards({ method: 'save', action: 'writtenScores', scores: [{ student_number: students[0].number, q: 7, points: 6 }, { student_number: students[1].number, q: 7, points: 4, comment: '說明不足' }] });
  // A teacher's grade overrides the score field read from the scan.
  await trpcCall(app, 'grading.givePoints', 'mutation', { guid: card.guid, rows: [{ student_id: students[2].id, q: 6, points: 7 }] }, teacher.token);
}, 60_000);
afterAll(() => app.close());

describe('totals', () => {
  it('成績: choice, written and the total per student, 滿分 with the written maxima, ranks and statistics on the total', async () => {
    const r = await results();
    expect([r.max_score, r.choice_max, r.written_max]).toEqual([28, 10, 18]);
    expect(r.written).toEqual([{ q: 6, showno: '6', points: 10 }, { q: 7, showno: '7', points: 8 }]);
    expect(r.students.map((s) => [s.seat, s.choice, s.written, s.score, s.rank, s.written_points, s.ungraded])).toEqual([
      [1, 10, 15, 25, 1, { 6: 9, 7: 6 }, 0],
      [2, 6.5, 4, 10.5, 2, { 6: null, 7: 4 }, 1],
      [3, 3, 7, 10, 3, { 6: 7, 7: null }, 1],
    ]);
    expect(r.ungraded).toBe(2);
    expect(r.stats).toMatchObject({ count: 3, max: 25, min: 10 });
  });

  it('legacy get scores: rows carry choice, written, score, max_score with written maxima, written points per question', async () => {
    const rows = ((await cards({ method: 'get', action: 'scores' })).body.data as { data: Record<string, unknown>[] }).data;
    expect(rows[1]).toMatchObject({ student_number: students[1].number, choice: 6.5, written: 4, score: 10.5, max_score: 28, rank: 2, written_points: { 6: null, 7: 4 }, ungraded: 1 });
  });

  it('item analysis gives each written question its mean, share of the maximum and distribution over the graded', async () => {
    const items = (await trpcCall(app, 'scores.items', 'query', { guid: card.guid }, teacher.token)).data as { written: WrittenItem[] };
    expect(items.written).toEqual([
      { q: 6, showno: '6', max: 10, graded: 2, ungraded: 1, mean: 8, share: 0.8, distribution: [{ points: 7, count: 1 }, { points: 9, count: 1 }] },
      { q: 7, showno: '7', max: 8, graded: 2, ungraded: 1, mean: 5, share: 0.625, distribution: [{ points: 4, count: 1 }, { points: 6, count: 1 }] },
    ]);
  });

  it('a grade taken back leaves the score field’s points again; a question dropped leaves 滿分 and every total', async () => {
    await cards({ method: 'save', action: 'answerKey', key: { 7: { points: 8, dropped: true } } });
    const r = await results();
    expect([r.max_score, r.written_max, r.ungraded]).toEqual([20, 10, 1]);
    expect(r.students.map((s) => s.score)).toEqual([19, 6.5, 10]);
    await cards({ method: 'save', action: 'answerKey', key: { 7: { points: 8 } } });
    const removed = await trpcCall(app, 'grading.removeGrade', 'mutation', { guid: card.guid, student_id: students[2].id, q: 6, version: 1 }, teacher.token);
    expect(removed.status).toBe(200);
    expect((await results()).students[2]).toMatchObject({ written_points: { 6: 3, 7: null }, score: 6 });
    await trpcCall(app, 'grading.givePoints', 'mutation', { guid: card.guid, rows: [{ student_id: students[2].id, q: 6, points: 7 }] }, teacher.token);
  });
});

describe('exports', () => {
  it('csv: the import columns first, then 選擇題, 非選擇題 and each written question (empty while ungraded)', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'csv' }, teacher.token);
    const [s1, s2] = students;
    expect(file.bytes.toString('utf8').slice(1).split('\r\n').slice(0, 3)).toEqual([
      '學號,姓名,年級,班級,座號,分數,滿分,選擇題,非選擇題,第6題,第7題',
      `${s1.number},${s1.name},1,1,1,25,28,10,15,9,6`,
      `${s2.number},${s2.name},1,1,2,10.5,28,6.5,4,,4`,
    ]);
  });

  it('xlsx: written points after the choice answers (未評分 marked), the parts, the total; the summary says what is ungraded', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'xlsx' }, teacher.token);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('1年1班')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '座號', '學號', '姓名', '1', '2', '3', '4', '5', '非選 6', '非選 7', '選擇題', '非選擇題', '分數', '名次']);
    expect(sheet.getRow(3).values).toEqual([undefined, '', '', '配分', 2, 1, 1, 5, 1, 10, 8, '', '', '', '']);
    expect(sheet.getRow(5).values).toEqual([undefined, 2, students[1].number, students[1].name, 'A', 'C', 'C', 'A', 'D', '未評分', 4, 6.5, 4, 10.5, 2]);
    const summary = book.getWorksheet('統計')!;
    expect(summary.getSheetValues().flat().filter((v) => typeof v === 'string')).toContain('尚有 2 題未評分');
    const items = book.getWorksheet('試題分析')!;
    expect(items.getSheetValues().flat()).toEqual(expect.arrayContaining(['6', '非選', 10, 2, 8, 0.8, '7:1 9:1']));
  });

  it('pdf: 選擇題, 非選擇題 and the total per student, and the ungraded notice', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'pdf', grade: 1, class: 1 }, teacher.token);
    const text = pdfText(file.bytes, 1).stdout.replace(/[ \t]+/g, ' ');
    expect(text).toContain('尚有 2 題未評分');
    expect(text).toContain('滿分 28');
    expect(text).toMatch(/選擇題\s+非選擇題\s+分數\s+名次/);
    expect(text).toMatch(new RegExp(`3\\s+${students[2].number}\\s+${students[2].name}\\s+3\\s+7\\s+10\\s+3`));
  });
});

describe('slips (legacy download slips)', () => {
  it('one class: each student’s summary with the parts, the written points, comments and 未評分; the stored scan annotated', async () => {
    // Student 1's page 1 as the batch job stores it: an upright greyscale JPEG (≈ 100 dpi).
    const jpeg = await sharp({ create: { width: 827, height: 1169, channels: 3, background: '#fff' } }).greyscale().jpeg().toBuffer();
    await app.deps.storage.put('scans/slip-test/1.jpg', jpeg, 'image/jpeg');
    await app.deps.db.updateTable('scan_pages').set({ image_key: 'scans/slip-test/1.jpg' }).where('student_id', '=', students[0].id).where('card_page', '=', 1).execute();
    const file = await legacyFile(app, { method: 'download', action: 'slips', guid: card.guid, grade: 1, class: 1, rank: true }, teacher.token);
    expect([file.status, file.type]).toEqual([200, 'application/pdf']);
    expect(file.disposition).toContain('段考_1年1班_成績單.pdf');
    const pdf = await PDFDocument.load(file.bytes);
    expect(pdf.getPageCount()).toBe(4); // three summaries and student 1's scanned page 1
    const first = pdfText(file.bytes, 1).stdout.replace(/[ \t]+/g, ' ');
    expect(first).toContain(students[0].name);
    expect(first).toContain('總分 25 / 28');
    expect(first).toContain('非選擇題 15 / 18');
    expect(first).toContain('班級名次 1 / 3');
    const third = pdfText(file.bytes, 3).stdout;
    expect(third).toContain(students[1].name);
    expect(third).toContain('說明不足');
    expect(third).toContain('未評分');
    const scan = pdfText(file.bytes, 2).stdout;
    expect(scan).toContain(students[0].name);
  });

  it('one student on demand; a class is required; an unknown number and another school are refused', async () => {
    const one = await legacyFile(app, { method: 'download', action: 'slips', guid: card.guid, grade: 1, class: 1, student_number: students[2].number, scans: false }, teacher.token);
    expect(one.status).toBe(200);
    expect((await PDFDocument.load(one.bytes)).getPageCount()).toBe(1);
    expect(pdfText(one.bytes, 1).stdout).toContain(students[2].name);
    const noClass = await legacyFile(app, { method: 'download', action: 'slips', guid: card.guid }, teacher.token);
    expect(noClass.status).toBe(400);
    const unknown = await legacyFile(app, { method: 'download', action: 'slips', guid: card.guid, grade: 1, class: 1, student_number: 'X1' }, teacher.token);
    expect([unknown.status, (JSON.parse(unknown.bytes.toString()) as { message: string }).message]).toEqual([404, '此班級沒有學號 X1 的已讀卡學生']);
    const stranger = await scanSchool(app);
    expect((await legacyFile(app, { method: 'download', action: 'slips', guid: card.guid, grade: 1, class: 1 }, stranger.token)).status).toBe(404);
  });
});

describe('the grading screen’s crops', () => {
  it('lists the students with the page holding the question, and crops its area: the scan job’s stored crop first, else cut from the page image', async () => {
    const sheets = (await trpcCall(app, 'grading.sheets', 'query', { guid: card.guid, q: 7 }, teacher.token)).data as { student_id: number; page_id: number | null }[];
    expect(sheets.map((s) => s.student_id)).toEqual(students.map((s) => s.id));
    const pageId = sheets[0].page_id!;
    // A page image as stored (≈ 100 dpi): the crop is cut from it around q7's area (470 × 120 pt + 3 mm margins).
    const jpeg = await sharp({ create: { width: 827, height: 1169, channels: 3, background: '#fff' } }).greyscale().jpeg().toBuffer();
    await app.deps.storage.put('scans/crop-test/2.jpg', jpeg, 'image/jpeg');
    await app.deps.db.updateTable('scan_pages').set({ image_key: 'scans/crop-test/2.jpg' }).where('id', '=', pageId).execute();
    const cut = (await trpcCall(app, 'grading.crop', 'query', { guid: card.guid, q: 7, page_id: pageId }, teacher.token)).data as { base64: string; stored: boolean };
    const meta = await sharp(Buffer.from(cut.base64, 'base64')).metadata();
    expect(cut.stored).toBe(false);
    expect(Math.abs(meta.width - Math.round((470 + 17) * (827 / 595.28)))).toBeLessThanOrEqual(2);
    // The scan job's crop at ≥ 150 dpi (src/worker/jobs/written-crops.ts) is preferred.
    await app.deps.storage.put('scans/crop-test/2.jpg.w7.jpg', jpeg, 'image/jpeg');
    expect(((await trpcCall(app, 'grading.crop', 'query', { guid: card.guid, q: 7, page_id: pageId }, teacher.token)).data as { stored: boolean }).stored).toBe(true);
    const stranger = await scanSchool(app);
    expect((await trpcCall(app, 'grading.crop', 'query', { guid: card.guid, q: 7, page_id: pageId }, stranger.token)).status).toBe(404);
    expect((await trpcCall(app, 'grading.sheets', 'query', { guid: card.guid, q: 7 }, stranger.token)).status).toBe(404);
  });
});
