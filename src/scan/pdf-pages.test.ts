import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { toJpeg, toScanPdf } from '../../tests/support/scan-corpus/encode';
import type { GrayImage } from './page-reading';
import { pdfPageCount, pdfPageImageAt, pdfPageImages, renderPdfPage } from './pdf-pages';

const dir = mkdtempSync(join(tmpdir(), 'acs-scan-pdf-pages-'));
const width = 331;
const height = 468;
const ramp: GrayImage = { width, height, data: new Uint8Array(width * height).map((_, i) => ((i % width) * 255) / width) };
const inverted: GrayImage = { ...ramp, data: ramp.data.map((v) => 255 - v) };

const maxDiff = (a: GrayImage, b: GrayImage) => {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let diff = 0;
  for (let i = 0; i < a.data.length; i++) diff = Math.max(diff, Math.abs(a.data[i] - b.data[i]));
  return diff;
};

/** An A4 page whose black 72 pt square sits at (72·n, 72) from the top-left. */
function vectorPage(doc: PDFDocument, n: number): void {
  doc.addPage([595.28, 841.89]).drawRectangle({ x: 72 * n, y: 841.89 - 144, width: 72, height: 72, color: rgb(0, 0, 0) });
}

describe('PDF pages as the reader gets them', { timeout: 30_000 }, () => {
  it("takes a scanner PDF's page image out as it is: the same pixels pdftoppm renders", async () => {
    const pdf = await toScanPdf([await toJpeg(ramp, 90), await toJpeg(inverted, 90)], 40);
    const path = join(dir, 'scan.pdf');
    writeFileSync(path, pdf);
    expect(await pdfPageCount(path)).toBe(2);
    expect(maxDiff(await pdfPageImageAt(path, 2, 40), await renderPdfPage(pdf, 2, 40))).toBeLessThanOrEqual(2);
  });

  it('renders a page that is not one full-page image, in grey at the asked resolution', async () => {
    const doc = await PDFDocument.create();
    for (const n of [1, 2]) vectorPage(doc, n);
    const path = join(dir, 'vector.pdf');
    writeFileSync(path, await doc.save());
    const page2 = await pdfPageImageAt(path, 2, 100);
    expect([page2.width, page2.height]).toEqual([827, 1170]);
    const at = (x: number, y: number) => page2.data[Math.round(y * (100 / 72)) * page2.width + Math.round(x * (100 / 72))];
    // The square of page 2 spans x 144–216 pt, y 72–144 pt.
    expect(at(180, 108)).toBeLessThan(20);
    expect(at(108, 108)).toBeGreaterThan(235);
  });

  it('gives the wanted pages of a mixed PDF in order, each the way it needs', async () => {
    const scan = await PDFDocument.load(await toScanPdf([await toJpeg(ramp, 90), await toJpeg(inverted, 90), await toJpeg(ramp, 90)], 40));
    vectorPage(scan, 1);
    const path = join(dir, 'mixed.pdf');
    const pdf = await scan.save();
    writeFileSync(path, pdf);
    const work = join(dir, 'work');
    const got: { index: number; image: GrayImage }[] = [];
    for await (const page of pdfPageImages(path, [2, 3, 4], { dpi: 40, workDir: work })) got.push(page);
    expect(got.map((p) => p.index)).toEqual([2, 3, 4]);
    expect(maxDiff(got[0].image, await renderPdfPage(readFileSync(path), 2, 40))).toBeLessThanOrEqual(2);
    expect(got[2].image.width).toBe(331);
  });

  it('refuses a file that is not a PDF', async () => {
    const path = join(dir, 'not.pdf');
    writeFileSync(path, 'hello');
    await expect(pdfPageCount(path)).rejects.toThrow();
  });
});
