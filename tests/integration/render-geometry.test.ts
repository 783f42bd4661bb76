import { afterAll, describe, expect, it } from 'vitest';
import type { CardGeometry, Rect } from '../../src/shared/geometry/card-geometry';
import { BrowserHost } from '../../src/worker/render/browser-host';
import { PdfRenderer, type RenderResult } from '../../src/worker/render/pdf-renderer';
import { poppler } from '../support/poppler';
import { edgeDeviationMm, findDrawnBox, rasterisePage, type PixelTest, type Raster } from '../support/raster';
import { TEXT_FIELDS } from '../../src/shared/geometry/markup-attributes';
import { syntheticCard } from '../support/synthetic-card';

const host = new BrowserHost({ executablePath: process.env.CHROMIUM_PATH ?? '', restartEvery: 100 });
const renderer = new PdfRenderer(host, 20_000);
afterAll(() => host.close());

const magenta: PixelTest = (r, g, b) => r - g > 40 && b - g > 20;
const blue: PixelTest = (r, _g, b) => b - r > 60;
const green: PixelTest = (r, g, b) => g - r > 60 && g - b > 60;

// 0.25 mm is the tolerance the issue sets for a scanner to read a bubble where the map says.
const TOLERANCE_MM = 0.25;

describe('the PDF renderer measures geometry from the render that prints', () => {
  let result: RenderResult;
  const rasters = new Map<number, Raster>();
  const rasterOf = async (page: number) => {
    if (!rasters.has(page)) rasters.set(page, await rasterisePage(result.pdf, page));
    return rasters.get(page)!;
  };
  const worst = async (items: { page: number; rect: Rect }[], test: PixelTest) => {
    let max = 0;
    for (const item of items) {
      const drawn = findDrawnBox(await rasterOf(item.page), item.rect, test);
      expect(drawn, `nothing drawn near ${JSON.stringify(item)}`).not.toBeNull();
      max = Math.max(max, edgeDeviationMm(drawn!, item.rect));
    }
    return max;
  };

  it('renders a 3-page card to one A4 PDF with a map of every mark', async () => {
    result = await renderer.render(syntheticCard(3));
    const info = await poppler('pdfinfo', result.pdf);
    expect(info).toMatch(/Pages:\s+3\n/);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const g: CardGeometry = result.geometry;
    expect(g.pages).toBe(3);
    expect(g.bubbles).toHaveLength(300);
    expect(g.groups).toHaveLength(60);
    expect(new Set(g.bubbles.map((b) => b.page))).toEqual(new Set([1, 2, 3]));
    expect(g.header?.gradeBubbles).toHaveLength(20);
    expect(g.header?.seatBubbles.find((b) => b.column === 1 && b.digit === 7)).toBeDefined();
    // border box: 38 mm of content and two 1 px borders
    expect(g.header?.name?.w).toBeCloseTo((38 / 25.4) * 72 + 2 * 0.75, 1);
  });

  it('puts every bubble, digit bubble, group and field outline where the map says, within 0.25 mm', async () => {
    const header = result.geometry.header!;
    const digits = [...header.gradeBubbles, ...header.classBubbles, ...header.seatBubbles].map((d) => ({ page: 1, rect: d.rect }));
    const fields = TEXT_FIELDS.filter((f) => header[f]).map((f) => ({ page: 1, rect: header[f]! }));
    const deviations = {
      bubbles: await worst(result.geometry.bubbles, magenta),
      digitBubbles: await worst(digits, magenta),
      groups: await worst(result.geometry.groups, blue),
      fields: await worst(fields, green),
    };
    console.log(`max raster deviation (mm): ${JSON.stringify(deviations)}`);
    for (const deviation of Object.values(deviations)) expect(deviation).toBeLessThanOrEqual(TOLERANCE_MM);
  });

  it('would notice a map off by half a millimetre', async () => {
    const bubble = result.geometry.bubbles[17];
    const shifted = { ...bubble.rect, x: bubble.rect.x + (0.5 / 25.4) * 72 };
    const drawn = findDrawnBox(await rasterOf(bubble.page), shifted, magenta);
    expect(edgeDeviationMm(drawn!, shifted)).toBeGreaterThan(TOLERANCE_MM);
  });

  it('embeds its fonts and keeps Traditional Chinese text extractable', async () => {
    const fonts = await poppler('pdffonts', result.pdf);
    const rows = fonts.split('\n').slice(2).filter((line) => line.trim() !== '');
    expect(rows.length).toBeGreaterThan(0);
    // columns: name type encoding emb sub uni object ID; Type 3 fonts are embedded by nature
    for (const row of rows) expect(row, row).toMatch(/\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    for (const row of rows) expect(row.match(/\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/)![1], row).toBe('yes');
    const text = await poppler('pdftotext', result.pdf);
    expect(text).toContain('臺灣繁體中文：國語、數學、自然與生活科技');
    expect(text).toContain('第 3 頁');
    expect(text).toContain('第60題');
  });

  it('refuses pages whose markup swallows the next page', async () => {
    const unclosed = { pages: [{ html: '<div><p>一', css: '' }, { html: '<p>二</p>', css: '' }] };
    await expect(renderer.render(unclosed)).resolves.toBeDefined(); // the parser closes these at the section's end
    const swallowing = { pages: [{ html: '<template><p>一', css: '' }, { html: '<p>二</p>', css: '' }] };
    await expect(renderer.render(swallowing)).rejects.toThrow('the card has 2 pages but the document has 1');
  });
});
