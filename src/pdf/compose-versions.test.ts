import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readCodes } from '../scan/code-reader';
import { renderPdfPage } from '../scan/pdf-pages';
import { formatPageCode, parsePageCode } from '../shared/geometry/page-code';
import { composeBlankCopies, composeClassPdf, composeKeySheet } from './compose-class-pdf';

// A print in versions (A/B 卷, issue 26): every page's code carries V<letter>, read back by the
// product's own reader (ZXing) at the scanner resolution of 200 dpi; and the label is printed.

async function blankCard(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595.28, 841.89]);
  return doc.save();
}
const header = { gradeBubbles: [], classBubbles: [], seatBubbles: [] };
// Ids as large as a busy server reaches (5 base-36 characters each): the longest codes in practice.
const DOCUMENT = 36 ** 4 + 12345;
const code = { document: DOCUMENT, layout: 'Z9Y8' };
const qrTexts = async (pdf: Uint8Array, page: number) => (await readCodes(await renderPdfPage(pdf, page, 200), ['QRCode'])).map((c) => c.text);

describe('a print in versions', () => {
  it('class print: each student gets their version in every page code, decoded at 200 dpi', async () => {
    const students = [
      { id: 36 ** 4 + 1, name: '王小明', number: '1', seat: 1, version: 'A' as const },
      { id: 36 ** 4 + 2, name: '陳怡君', number: '2', seat: 2, version: 'B' as const },
    ];
    const pdf = await composeClassPdf({ card: await blankCard(2), header, code, students });
    for (const [s, student] of students.entries()) {
      for (const page of [1, 2]) {
        const expected = formatPageCode({ ...code, page, student: student.id, version: student.version });
        expect(expected).toMatch(/\/V[AB]$/);
        expect(await qrTexts(pdf, s * 2 + page)).toEqual([expected]);
        expect(parsePageCode(expected)?.version).toBe(student.version);
      }
    }
    mkdirSync('test-results/screens', { recursive: true });
    writeFileSync('/tmp/acs-versions.pdf', pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '3', '-l', '3', '-singlefile', '/tmp/acs-versions.pdf', 'test-results/screens/version-b-page']);
    expect(execFileSync('pdftotext', ['-f', '3', '-l', '3', '/tmp/acs-versions.pdf', '-']).toString()).toMatch(/B\s*卷/);
  });

  it('blank copies alternate the versions (A, B, C, A …); a key sheet carries its version', async () => {
    const pdf = await composeBlankCopies({ card: await blankCard(1), header, code }, 4, ['A', 'B', 'C']);
    const read = await Promise.all([1, 2, 3, 4].map((page) => qrTexts(pdf, page)));
    expect(read.map((texts) => parsePageCode(texts[0]))).toEqual(['A', 'B', 'C', 'A'].map((version, i) => ({ ...code, page: 1, copy: i + 1, version })));
    const key = await composeKeySheet({ card: await blankCard(1), header, code }, '答案卷', 'B');
    expect(await qrTexts(key, 1)).toEqual([formatPageCode({ ...code, page: 1, key: true, version: 'B' })]);
  });

  it('prints no label and no V without versions (codes as before)', async () => {
    const pdf = await composeBlankCopies({ card: await blankCard(1), header, code }, 1);
    expect(await qrTexts(pdf, 1)).toEqual([formatPageCode({ ...code, page: 1, copy: 1 })]);
    writeFileSync('/tmp/acs-versions-none.pdf', pdf);
    expect(execFileSync('pdftotext', ['/tmp/acs-versions-none.pdf', '-']).toString()).not.toContain('卷');
  });
});
