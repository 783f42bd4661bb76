import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeBlankCopies, composeClassPdf } from '../../src/pdf/compose-class-pdf';
import { printCardOf } from '../../src/pdf/print-source';
import { scanReadyPdfs } from '../../src/pdf/scan-ready-pdf';
import { readCodes } from '../../src/scan/code-reader';
import { renderPdfPage } from '../../src/scan/pdf-pages';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { formatPageCode, parsePageCode } from '../../src/shared/geometry/page-code';
import { RESERVED_ZONES, overlaps } from '../../src/shared/geometry/scan-layout';
import { ZPrintStudent } from '../../src/pdf/class-print-input';
import { BrowserHost } from '../../src/worker/render/browser-host';
import { PdfRenderer } from '../../src/worker/render/pdf-renderer';
import { renderPageHtml } from '../../src/shared/card/render/render-card-html';
import { everyKindPage, firstPage } from '../support/card-pages';
import { edgeDeviationMm, findDrawnBox, rasterisePage } from '../support/raster';

// Issue 11's "done means": a class print and blank copies decoded by a real reader (ZXing, the
// product's own src/scan/code-reader.ts) at scanner resolutions, and marks where the map says.

const host = new BrowserHost({ executablePath: process.env.CHROMIUM_PATH ?? '', restartEvery: 100 });
const renderer = new PdfRenderer(host, 30_000);
afterAll(() => host.close());

const DOCUMENT = 4242;
const students = [
  { id: 1001, name: '王小明', number: '1120701', seat: 1, grade: 8, class: 3, className: '八年三班' },
  // Full-width digits, as some rosters keep them: the barcode carries the NFKC form.
  { id: 46655, name: '陳怡君', number: '１１２０７０２', seat: 2, grade: 8, class: 3, className: '八年三班' },
].map((s) => ZPrintStudent.parse(s));

let geometry: CardGeometryV2;
let base: Uint8Array;
let card: Uint8Array;
let printed: Uint8Array;

/** Page 1 as a teacher builds it (header, 25 questions) and a page with every block kind, numbered on. */
function cardPages() {
  const first = renderPageHtml({ components: firstPage(), assets: [], page: 1, startNumber: 1, schoolName: '示範高級中學' });
  const second = renderPageHtml({ components: everyKindPage(), assets: [], page: 2, startNumber: first.questionTotal + 1 });
  return [first, second].map(({ html, css }) => ({ html, css }));
}

async function codesOf(pdf: Uint8Array, page: number, dpi: number) {
  const image = await renderPdfPage(pdf, page, dpi);
  return readCodes(image);
}

beforeAll(async () => {
  const rendered = await renderer.render({ pages: cardPages() });
  geometry = rendered.geometry;
  ({ base, card } = await scanReadyPdfs(rendered.pdf, geometry, DOCUMENT));
  printed = await composeClassPdf({ card: base, ...printCardOf(geometry, DOCUMENT), info: { department: '國中部', subject: '數學' }, students });
  mkdirSync('test-results/screens', { recursive: true });
  for (const page of [1, 2]) {
    const { execFileSync } = await import('node:child_process');
    writeFileSync('/tmp/acs-scan-class.pdf', printed);
    execFileSync('pdftoppm', ['-png', '-r', '100', '-f', String(page), '-l', String(page), '-singlefile', '/tmp/acs-scan-class.pdf', `test-results/screens/scan-class-print-${page}`]);
  }
}, 120_000);

describe('a class print a scanner can find and identify', () => {
  it('maps version 2 with its marks, page code square and question kinds', () => {
    expect(geometry.version).toBe(2);
    expect(geometry.marks).toHaveLength(4);
    expect(geometry.groups.every((g) => g.kind)).toBe(true);
    expect(new Set(geometry.groups.map((g) => g.kind))).toContain('single');
  });

  for (const dpi of [200, 150]) {
    it(`decodes every page code and the header barcode of two copies at ${dpi} dpi`, async () => {
      for (const [copy, student] of students.entries()) {
        for (const page of [1, 2]) {
          const codes = await codesOf(printed, copy * 2 + page, dpi);
          const qr = codes.filter((c) => c.format === 'QRCode').map((c) => c.text);
          const expected = formatPageCode({ document: DOCUMENT, layout: geometry.layout, page, student: student.id });
          expect(qr, `copy ${copy + 1} page ${page}`).toContain(expected);
          expect(parsePageCode(expected)).toMatchObject({ document: DOCUMENT, page, student: student.id });
          const bars = codes.filter((c) => c.format === 'Code128').map((c) => c.text);
          expect(bars).toEqual(page === 1 ? [student.number.normalize('NFKC')] : []);
        }
      }
    });
  }

  it('gives blank copies the copy number and the plain card its card/page code', async () => {
    const blank = await composeBlankCopies({ card: base, ...printCardOf(geometry, DOCUMENT) }, 2);
    for (const [index, copy] of [1, 1, 2, 2].entries()) {
      const page = (index % 2) + 1;
      const codes = await codesOf(blank, index + 1, 150);
      expect(codes.map((c) => c.text)).toEqual([formatPageCode({ document: DOCUMENT, layout: geometry.layout, page, copy })]);
    }
    for (const page of [1, 2]) {
      const codes = await codesOf(card, page, 150);
      expect(codes.map((c) => c.text)).toEqual([formatPageCode({ document: DOCUMENT, layout: geometry.layout, page })]);
    }
  });

  it('prints the four registration marks solid black where the map says, within 0.25 mm', async () => {
    let worst = 0;
    for (const page of [1, 2, 3, 4]) {
      const raster = await rasterisePage(Buffer.from(printed), page, 300);
      for (const mark of geometry.marks) {
        const drawn = findDrawnBox(raster, mark.rect, (r, g, b) => Math.max(r, g, b) < 60);
        expect(drawn, `${mark.corner} on page ${page}`).not.toBeNull();
        worst = Math.max(worst, edgeDeviationMm(drawn!, mark.rect));
        const px = Math.round((mark.center.x * 300) / 72) + Math.round((mark.center.y * 300) / 72) * raster.width;
        expect(Math.max(...raster.rgb.subarray(px * 3, px * 3 + 3))).toBeLessThan(10);
      }
    }
    console.log(`registration marks: worst edge deviation ${worst.toFixed(3)} mm`);
    expect(worst).toBeLessThanOrEqual(0.25);
  });

  it('keeps every bubble, question and header field clear of the reserved zones', () => {
    const rects = [...geometry.bubbles.map((b) => b.rect), ...geometry.groups.map((g) => g.rect)];
    for (const rect of rects) for (const zone of RESERVED_ZONES) expect(overlaps(rect, zone)).toBe(false);
  });
});
