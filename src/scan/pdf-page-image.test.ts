import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { toJpeg, toScanPdf } from '../../tests/support/scan-corpus/encode';
import { rasterisePdfFilePage } from './image-input';
import { pdfPageImage, scanImageOfPdfPage } from './pdf-page-image';

const dir = mkdtempSync(join(tmpdir(), 'acs-scan-pdf-image-'));

describe('a PDF page as the reader gets it', { timeout: 30_000 }, () => {
  it("takes a scanner PDF's page image out as it is: the same pixels pdftoppm renders", async () => {
    const width = 331;
    const height = 468;
    const data = new Uint8Array(width * height).map((_, i) => ((i % width) * 255) / width);
    const path = join(dir, 'scan.pdf');
    writeFileSync(path, await toScanPdf([await toJpeg({ width, height, data }, 90), await toJpeg({ width, height, data: data.map((v) => 255 - v) }, 90)], 40));
    const fast = await scanImageOfPdfPage(path, 2);
    const rendered = await rasterisePdfFilePage(path, 2, 40);
    expect(fast && [fast.width, fast.height]).toEqual([rendered.width, rendered.height]);
    let diff = 0;
    for (let i = 0; i < rendered.data.length; i++) diff = Math.max(diff, Math.abs(fast!.data[i] - rendered.data[i]));
    expect(diff).toBeLessThanOrEqual(2);
  });

  it('renders a page that is not one full-page image', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595.28, 841.89]);
    page.drawRectangle({ x: 100, y: 100, width: 50, height: 50, color: rgb(0, 0, 0) });
    const path = join(dir, 'vector.pdf');
    writeFileSync(path, await doc.save());
    expect(await scanImageOfPdfPage(path, 1)).toBeNull();
    expect((await pdfPageImage(path, 1, 50)).width).toBe(414);
  });
});
