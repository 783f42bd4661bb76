import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeClassPdf, jobText, loadCard } from '../../src/pdf/compose-class-pdf';
import type { TPrintStudent } from '../../src/pdf/class-print-input';
import { renderPrintCard, type PrintCardFixture } from '../support/print-card';
import { classRoster } from '../support/print-students';
import { pdfFonts, pdfText, pdfTextIn } from '../support/poppler';

// A real Chromium card printed for a class, read back by poppler with no fonts installed.
const students: TPrintStudent[] = [
  { name: '王小明', number: '１１２０７０１', seat: 1, grade: 2, class: 7, className: '二年七班' },
  { name: '陳怡君', number: '1120702', seat: 2, grade: 2, class: 7, className: '二年七班' },
  { name: '歐陽娜娜', number: '1120735', seat: 35, grade: 2, class: 7 },
];

let twoPage: PrintCardFixture;
let printed: Uint8Array;

beforeAll(async () => {
  twoPage = await renderPrintCard(2);
  // Primed with a whole grade's text, as a job composing several classes does: the subset then
  // holds glyphs no student of this class prints, and must be just as valid.
  const grade = [...students, ...Array.from({ length: 10 }, (_, index) => classRoster(2, index + 1, 40)).flat()];
  printed = await composeClassPdf({ card: twoPage.pdf, header: twoPage.header, students, jobText: jobText(grade) });
});

describe('a class printed from a two-page Chromium card', () => {
  it('has every page of the card for every student', async () => {
    expect((await PDFDocument.load(printed)).getPageCount()).toBe(students.length * 2);
  });

  it("carries each student's name and number as text a reader extracts without installed fonts", () => {
    students.forEach((student, index) => {
      const { stdout, stderr } = pdfText(printed, index * 2 + 1);
      expect(stderr).toBe('');
      expect(stdout).toContain(student.name);
      expect(stdout).toContain(student.number); // full-width digits survive as written
      expect(stdout).toContain('國文科'); // the card itself is still there
    });
    const others = students.slice(1).map((student) => student.name);
    expect(others.some((name) => pdfText(printed, 1).stdout.includes(name))).toBe(false);
  });

  it("writes the grade into the header's 年級 cell and the class into its 班級 cell", () => {
    expect(pdfTextIn(printed, 1, twoPage.header.grade!)).toBe('2');
    expect(pdfTextIn(printed, 1, twoPage.header.className!)).toBe('二年七班');
    expect(pdfTextIn(printed, 1, twoPage.header.seat!)).toBe('1');
  });

  it('embeds the names as one CID subset of Noto Sans CJK TC with a Unicode map', () => {
    const { stdout, stderr } = pdfFonts(printed);
    expect(stderr).toBe('');
    const rows = stdout.split('\n').filter((line) => line.includes('NotoSansCJKtc-Regular'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^[A-Z]{6}\+NotoSansCJKtc-Regular\s+CID Type 0C\s+Identity-H\s+yes\s+yes\s+yes\s/);
  });
});

describe('file size of a one-page Chromium card', () => {
  it('grows linearly with the class: 400 copies at most 10× the size of 40, the same bytes per copy', async () => {
    const fixture = await renderPrintCard(1);
    const card = await loadCard(fixture.pdf);
    const size = async (count: number) => {
      const roster = Array.from({ length: Math.ceil(count / 40) }, (_, index) => classRoster(2, index + 1, 40)).flat().slice(0, count);
      return (await composeClassPdf({ card, header: fixture.header, students: roster })).length;
    };
    const [four, forty, fourHundred] = [await size(4), await size(40), await size(400)];
    console.log(`[print] one file of 4 copies: ${four} B, 40: ${forty} B, 400: ${fourHundred} B; 400/40 = ${(fourHundred / forty).toFixed(2)}`);
    // The card and the font subset are stored once per file, so the ratio stays under 10;
    // shared Resources filling up per copy would push it towards 100.
    expect(fourHundred / forty).toBeLessThanOrEqual(10);
    const perCopy = [(forty - four) / 36, (fourHundred - forty) / 360];
    // A copy costs no more in a large class than in a small one (less: fewer new glyphs).
    expect(perCopy[1]).toBeLessThan(perCopy[0] * 1.3);
  });
});
