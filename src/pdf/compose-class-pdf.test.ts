import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { HeaderFields } from '../shared/geometry/card-geometry';
import { composeBlankCopies, composeClassPdf, jobText, PAGE_CODE_CHARS, VERSION_LABEL_CHARS } from './compose-class-pdf';
import type { TPrintStudent } from './class-print-input';
import { OVERLAY_FONT_KEY } from './page-overlay';

/**
 * A card as Chromium writes one where it matters here: a font of its own and Resources held
 * indirectly, so pdf-lib's copyPages shares them among copies (the N² pitfall).
 */
async function makeCard(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`answer card page ${index + 1}`, { x: 50, y: 800, size: 14, font: helvetica });
    page.drawRectangle({ x: 40, y: 100, width: 500, height: 600, borderWidth: 1 });
    const resources = page.node.Resources();
    if (resources) page.node.set(PDFName.of('Resources'), doc.context.register(resources));
  }
  return doc.save();
}

const bubble = (column: number, digit: number) => ({ column, digit, rect: { x: 60 + 14 * column, y: 150 + 12 * digit, w: 9.75, h: 9.75 } });
const digits = (columns: number) => Array.from({ length: columns }, (_, column) => Array.from({ length: 10 }, (_, digit) => bubble(column, digit))).flat();
const header: HeaderFields = {
  name: { x: 120, y: 96, w: 110, h: 20 },
  number: { x: 300, y: 96, w: 90, h: 20 },
  seat: { x: 440, y: 96, w: 40, h: 20 },
  barcode: { x: 430, y: 40, w: 130, h: 40 },
  gradeBubbles: digits(1),
  classBubbles: digits(2),
  seatBubbles: digits(2),
};
const roster = (size: number): TPrintStudent[] =>
  Array.from({ length: size }, (_, index) => ({ name: `王小明${'陳怡君林志強'[index % 6]}`, number: `11207${String(index).padStart(2, '0')}`, seat: index + 1, grade: 2, class: 7 }));

const contentsOf = (doc: PDFDocument, index: number) => doc.getPage(index).node.lookup(PDFName.of('Contents'), PDFArray);

describe('composeClassPdf', () => {
  it("gives every student a copy of every page and overprints each copy's first page only", async () => {
    const card = await makeCard(2);
    const out = await PDFDocument.load(await composeClassPdf({ card, header, students: roster(3) }));
    expect(out.getPageCount()).toBe(6);
    const plainContents = (await PDFDocument.load(card)).getPage(0).node.get(PDFName.of('Contents'));
    for (const index of [0, 2, 4]) expect(contentsOf(out, index).size()).toBeGreaterThan(1);
    for (const index of [1, 3, 5]) expect(out.getPage(index).node.get(PDFName.of('Contents'))).toBeInstanceOf(plainContents?.constructor ?? PDFRef);
  });

  it('puts a page code on every page of every copy when the card has scan marks, each copy its own stream', async () => {
    const card = await makeCard(2);
    const students = roster(3).map((student, index) => ({ ...student, id: 100 + index }));
    const out = await PDFDocument.load(await composeClassPdf({ card, header, code: { document: 42, layout: 'AB12' }, students }));
    for (const index of [0, 1, 2, 3, 4, 5]) expect(contentsOf(out, index).size()).toBeGreaterThan(1);
    const arrays = [0, 1, 2, 3, 4, 5].map((index) => contentsOf(out, index));
    expect(new Set(arrays).size).toBe(6);
    const blank = await PDFDocument.load(await composeBlankCopies({ card, header, code: { document: 42, layout: 'AB12' } }, 2));
    expect(blank.getPageCount()).toBe(4);
    for (const index of [0, 1, 2, 3]) expect(contentsOf(blank, index).size()).toBeGreaterThan(1);
  });

  it('gives each personalised copy its own Resources holding the card font and the overlay font', async () => {
    const card = await PDFDocument.load(await makeCard(1));
    const cardFonts = card.getPage(0).node.Resources()?.lookup(PDFName.of('Font'), PDFDict).keys().map(String) ?? [];
    expect(cardFonts).toHaveLength(1);
    const out = await PDFDocument.load(await composeClassPdf({ card, header, students: roster(3) }));
    const resources = [0, 1, 2].map((index) => out.getPage(index).node.Resources());
    expect(new Set(resources).size).toBe(3);
    for (const dict of resources) {
      const fonts = dict?.lookup(PDFName.of('Font'), PDFDict);
      expect(fonts?.keys().map(String).sort()).toEqual([...cardFonts, `/${OVERLAY_FONT_KEY}`].sort());
    }
  });

  it('grows linearly with the class, not with its square', async () => {
    const card = await PDFDocument.load(await makeCard(1));
    const size = async (students: number) => (await composeClassPdf({ card, header, students: roster(students) })).length;
    const [four, forty, fourHundred] = [await size(4), await size(40), await size(400)];
    // The font subset and the card are stored once per file; each copy adds the same few bytes.
    const perCopySmall = (forty - four) / 36;
    const perCopyLarge = (fourHundred - forty) / 360;
    expect(perCopyLarge).toBeLessThan(perCopySmall * 1.3);
    expect(fourHundred / forty).toBeLessThanOrEqual(10);
  });

  it('gives every class of a job the same font program when composed with the job text', async () => {
    const card = await PDFDocument.load(await makeCard(1));
    const [classA, classB] = [roster(3), roster(3).map((student) => ({ ...student, name: `林${student.name}` }))];
    const text = jobText([...classA, ...classB]);
    expect(text).toBe([...new Set([...classA, ...classB].map((s) => `${s.name}${s.number}${s.seat}`).join('') + PAGE_CODE_CHARS + VERSION_LABEL_CHARS)].sort().join(''));
    const fontProgram = async (students: TPrintStudent[], withJob: boolean) => {
      const out = await PDFDocument.load(await composeClassPdf({ card, header, students, jobText: withJob ? text : undefined }));
      const programs = out.context.enumerateIndirectObjects().map(([, object]) => object)
        .filter((object): object is PDFRawStream => object instanceof PDFRawStream && String(object.dict.get(PDFName.of('Subtype'))) === '/CIDFontType0C');
      expect(programs).toHaveLength(1);
      return Buffer.from(programs[0].contents);
    };
    expect((await fontProgram(classA, true)).equals(await fontProgram(classB, true))).toBe(true);
    expect((await fontProgram(classA, false)).equals(await fontProgram(classB, false))).toBe(false);
  });

  it('tells its caller after each student, in order, so a long class reports progress per student', async () => {
    const told: number[] = [];
    await composeClassPdf({ card: await makeCard(2), header, students: roster(4), onStudent: (n) => void told.push(n) });
    expect(told).toEqual([1, 2, 3, 4]);
  });

  it('prints a card that maps no header fields as plain copies', async () => {
    const bare: HeaderFields = { gradeBubbles: [], classBubbles: [], seatBubbles: [] };
    const out = await PDFDocument.load(await composeClassPdf({ card: await makeCard(1), header: bare, students: roster(2) }));
    expect(out.getPageCount()).toBe(2);
  });

  it('rejects a header that is not a geometry map', async () => {
    const broken = { ...header, name: { x: 0, y: 0, w: -1, h: 20 } };
    await expect(composeClassPdf({ card: await makeCard(1), header: broken, students: roster(1) })).rejects.toThrow();
  });
});
