import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, imagePageCount, pdfPageCount, rasterisePdfFilePage } from './image-input';

const dir = mkdtempSync(join(tmpdir(), 'acs-scan-input-'));

/** A 2-page A4 PDF whose page n has a black 72 pt square at (72·n, 72) from the top-left. */
async function twoPagePdf(): Promise<string> {
  const doc = await PDFDocument.create();
  for (const n of [1, 2]) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawRectangle({ x: 72 * n, y: 841.89 - 144, width: 72, height: 72, color: rgb(0, 0, 0) });
  }
  const path = join(dir, 'two.pdf');
  writeFileSync(path, await doc.save());
  return path;
}

describe('scan image input', () => {
  it('rasterises a PDF page by page in greyscale at the asked resolution', async () => {
    const path = await twoPagePdf();
    expect(await pdfPageCount(path)).toBe(2);
    const page2 = await rasterisePdfFilePage(path, 2, 100);
    expect([page2.width, page2.height]).toEqual([827, 1170]);
    const at = (x: number, y: number) => page2.data[Math.round(y) * page2.width + Math.round(x)];
    // 1 pt = 100/72 px: the square of page 2 spans x 144–216 pt, y 72–144 pt.
    expect(at(180 * (100 / 72), 108 * (100 / 72))).toBeLessThan(20);
    expect(at(108 * (100 / 72), 108 * (100 / 72))).toBeGreaterThan(235);
  });

  it('refuses a file that is not a PDF', async () => {
    const path = join(dir, 'not.pdf');
    writeFileSync(path, 'hello');
    await expect(pdfPageCount(path)).rejects.toThrow();
  });

  it('decodes colour PNG and JPEG files to one grey channel, alpha on white', async () => {
    const rgba = Buffer.alloc(4 * 4 * 4, 0);
    for (let i = 0; i < 16; i++) rgba.set(i < 8 ? [255, 0, 0, 255] : [0, 0, 0, 0], i * 4);
    const png = await sharp(rgba, { raw: { width: 4, height: 4, channels: 4 } }).png().toBuffer();
    const image = await decodeImage(png);
    expect([image.width, image.height, image.data.length]).toEqual([4, 4, 16]);
    expect(image.data[0]).toBeGreaterThan(40);
    expect(image.data[0]).toBeLessThan(160);
    expect(image.data[15]).toBe(255);
    const jpeg = await sharp(png).jpeg({ quality: 90 }).toBuffer();
    expect((await decodeImage(jpeg)).data.length).toBe(16);
    expect(await imagePageCount(png)).toBe(1);
  });

  it('reads each page of a multi-page TIFF', async () => {
    const pages = [0, 200].map((grey) => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: grey, g: grey, b: grey } } }).png().toBuffer());
    const tiff = await sharp(await Promise.all(pages), { join: { animated: true } }).tiff().toBuffer();
    expect(await imagePageCount(tiff)).toBe(2);
    expect((await decodeImage(tiff, 1)).data[0]).toBe(200);
  });
});
