import { afterAll, describe, expect, it } from 'vitest';
import { ZPageComponents } from '../../src/shared/card/page-blocks';
import { renderPageHtml } from '../../src/shared/card/render/render-card-html';
import { sanitizePageHtml } from '../../src/core/services/cards/sanitize-page';
import { BrowserHost } from '../../src/worker/render/browser-host';
import { PdfRenderer } from '../../src/worker/render/pdf-renderer';
import { rasterisePage, type PixelTest, type Raster } from '../support/raster';

// Issue 15 part 6: a paragraph aligned left, centred or right in the editor prints so in the PDF,
// through the stored page's sanitiser and the worker's Chromium render.
const host = new BrowserHost({ executablePath: process.env.CHROMIUM_PATH ?? '', restartEvery: 100 });
const renderer = new PdfRenderer(host, 20_000);
afterAll(() => host.close());

// Card text is magenta; frame lines, registration marks and the page code are black.
const magenta: PixelTest = (r, g, b) => r - g > 40 && b - g > 20;
const DPI = 150;
const mm = (px: number) => (px / DPI) * 25.4;

/** The horizontal extent (mm) of each band of magenta rows, top to bottom: one per line of text. */
function lineExtents(raster: Raster): { left: number; right: number }[] {
  const bands: { left: number; right: number }[] = [];
  let open = false;
  for (let y = 0; y < raster.height; y++) {
    let left = Infinity;
    let right = -Infinity;
    for (let x = 0; x < raster.width; x++) {
      const i = (y * raster.width + x) * 3;
      if (magenta(raster.rgb[i], raster.rgb[i + 1], raster.rgb[i + 2])) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
    if (left === Infinity) {
      open = false;
      continue;
    }
    if (!open) bands.push({ left: Infinity, right: -Infinity });
    open = true;
    const band = bands.at(-1)!;
    band.left = Math.min(band.left, mm(left));
    band.right = Math.max(band.right, mm(right));
  }
  return bands;
}

describe('paragraph alignment in the PDF', () => {
  it('prints a left, a centred and a right paragraph where the editor shows them', async () => {
    const runs = (text: string) => [{ text, size: 20 as const }];
    const components = ZPageComponents.parse({
      version: 1,
      blocks: [
        {
          id: 'b',
          kind: 'otherBase',
          children: [{ id: 't', kind: 'text', height: 120, content: [{ align: 'left', runs: runs('LEFT') }, { align: 'center', runs: runs('MIDDLE') }, { align: 'right', runs: runs('RIGHT') }] }],
        },
      ],
    });
    const page = renderPageHtml({ components, assets: [], page: 2, startNumber: 1 });
    expect(page.html).toContain('style="text-align:center"');
    // What a save stores is what the worker may meet: the sanitiser keeps the alignment.
    const stored = sanitizePageHtml(page.html);
    expect(stored).toContain('text-align:center');
    const { pdf } = await renderer.render({ pages: [{ html: page.html, css: page.css }] });
    const [left, middle, right] = lineExtents(await rasterisePage(pdf, 1, DPI));
    expect(left && middle && right).toBeTruthy();
    // The text block spans the base, 10 mm (38 px) in from each side of the 210 mm sheet.
    const centre = (middle.left + middle.right) / 2;
    expect(Math.abs(centre - 105)).toBeLessThan(1.5);
    expect(left.left).toBeLessThan(20);
    expect(right.right).toBeGreaterThan(190);
    expect(left.left).toBeLessThan(middle.left);
    expect(middle.right).toBeLessThan(right.right);
  }, 60_000);
});
