import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_HEIGHT_PX } from '../../src/shared/card/constants';
import { ZPageComponents } from '../../src/shared/card/page-blocks';
import { BUBBLE_PX } from '../../src/shared/card/render/render-constants';
import { renderDocumentHtml, renderPageHtml } from '../../src/shared/card/render/render-card-html';
import { everyKindPage, firstPage, PNG_ASSET, secondPage } from '../support/card-pages';
import { MARK_ATTRIBUTES, measureMarksInPage, type RawMark } from '../../src/shared/geometry/measure-marks';
import { measureCard, type CardFacts } from '../support/card-measure';
import { A4_PT, PT_PER_CSS_PX, ZCardGeometry } from '../../src/shared/geometry/card-geometry';
import { freshId } from '../../src/shared/card/edit/block-ids';
import { OTHER_BASE_ROOM_PX, quickBuild } from '../../src/shared/card/edit/quick-build';
import { startingPage } from '../../src/shared/card/edit/starting-page';
import { cardGeometryFromMarks } from '../../src/shared/geometry/card-geometry-from-marks';

// The renderer's promises checked where they matter, in Chromium: pages exactly A4, content inside
// its base, every bubble one fixed size inside its question's outline. Screenshots for a person.

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SHOTS = 'test-results/card-render';
// 210 × 297 mm in CSS px (96 / 25.4 px a millimetre).
const A4_PX = { w: (210 * 96) / 25.4, h: (297 * 96) / 25.4 };

let browser: Browser;
let page: Page;
let facts: CardFacts;
let printMarks: RawMark[];
const requests: string[] = [];
const cardPages = (mode: 'print' | 'edit') => [
  { components: firstPage(), assets: [], schoolName: '臺北市立示範高級中學', mode },
  { components: secondPage(), assets: [], mode },
  { components: everyKindPage(), assets: [PNG_ASSET], mode },
];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 800, height: 1130 }, deviceScaleFactor: 1.5 });
  page = await context.newPage();
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) requests.push(request.url());
  });
  await load(renderDocumentHtml(cardPages('print')).html);
  facts = await page.evaluate(measureCard);
  printMarks = (await page.evaluate(measureMarksInPage, MARK_ATTRIBUTES)).marks;
});

async function load(html: string) {
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

afterAll(async () => {
  await browser?.close();
});

describe('a card rendered in Chromium', () => {
  it('lays every page out as exactly one A4 sheet, without a request leaving the page', () => {
    expect(facts.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    for (const sheet of facts.pages) {
      expect(sheet.w).toBeCloseTo(A4_PX.w, 1);
      expect(sheet.h).toBeCloseTo(A4_PX.h, 1);
    }
    expect(requests).toEqual([]);
  });

  it('keeps the content inside its base and the page: 25 questions in 527 px, 36 in 765 px', () => {
    expect(facts.bases.slice(0, 2)).toEqual([
      { page: 1, kind: 'firstBase', h: BLOCK_HEIGHT_PX.firstBase },
      { page: 2, kind: 'otherBase', h: BLOCK_HEIGHT_PX.otherBase },
    ]);
    expect(facts.overflows).toEqual([]);
  });

  it('gives every answer bubble the one fixed size, inside its question outline and its page', () => {
    expect(facts.bubbles.filter((b) => b.page === 1)).toHaveLength(25 * 5);
    expect(facts.bubbles.filter((b) => b.page === 2)).toHaveLength(36 * 12);
    const off = facts.bubbles.filter((b) => Math.abs(b.w - BUBBLE_PX.w) > 0.01 || Math.abs(b.h - BUBBLE_PX.h) > 0.01 || !b.insideGroup || !b.insidePage);
    expect(off).toEqual([]);
  });

  it('gives the header digit bubbles the same size and every fill-in cell room', () => {
    expect(facts.digitBubbles).toHaveLength(50);
    expect(facts.digitBubbles.every((b) => Math.abs(b.w - BUBBLE_PX.w) < 0.01 && Math.abs(b.h - BUBBLE_PX.h) < 0.01)).toBe(true);
    expect(facts.fields.map((f) => f.field).sort()).toEqual(['barcode', 'className', 'department', 'grade', 'name', 'number', 'seat', 'subject']);
    expect(facts.fields.every((f) => f.w >= 40 && f.h >= 20)).toBe(true);
  });

  it('measures into a geometry map the contract accepts', () => {
    const rect = (m: RawMark) => ({ x: m.x * PT_PER_CSS_PX, y: m.y * PT_PER_CSS_PX, w: m.w * PT_PER_CSS_PX, h: m.h * PT_PER_CSS_PX });
    const digits = (field: string) => printMarks.filter((m) => m.field === field).map((m) => ({ column: Number(m.column), digit: Number(m.digit), rect: rect(m) }));
    const field = (name: string) => rect(printMarks.find((m) => m.field === name) as RawMark);
    const geometry = ZCardGeometry.parse({
      version: 1,
      page: A4_PT,
      pages: 3,
      bubbles: printMarks.filter((m) => m.omr === 'bubble').map((m) => ({ page: m.page, q: Number(m.q), value: m.value, showno: m.showno, rect: rect(m) })),
      groups: printMarks.filter((m) => m.omr === 'group').map((m) => ({ page: m.page, q: Number(m.q), showno: m.showno, rect: rect(m) })),
      header: { name: field('name'), number: field('number'), seat: field('seat'), grade: field('grade'), className: field('className'), barcode: field('barcode'), gradeBubbles: digits('grade-bubble'), classBubbles: digits('class-bubble'), seatBubbles: digits('seat-bubble') },
    });
    expect(geometry.bubbles).toHaveLength(25 * 5 + 36 * 12 + 4 + 2 + 5 + 12 + 3 + 3 + 5 + 2 + 2 + 3); // the last three: choice rows in a split
    expect(geometry.bubbles.every((b) => b.rect.x + b.rect.w <= A4_PT.w && b.rect.y + b.rect.h <= A4_PT.h)).toBe(true);
  });

  it('puts every mark at the same place in the editor canvas as in print', async () => {
    await load(renderDocumentHtml(cardPages('edit')).html);
    const editMarks = (await page.evaluate(measureMarksInPage, MARK_ATTRIBUTES)).marks;
    await load(renderDocumentHtml(cardPages('print')).html);
    expect(editMarks).toEqual(printMarks);
  });

  it('lays out the same when the PDF worker frames the page html itself', async () => {
    // As the worker's composeDocument does: its own bare sections around each page's html and css.
    let start = 1;
    const sections = cardPages('print').map((input, i) => {
      const rendered = renderPageHtml({ ...input, page: i + 1, startNumber: start });
      start = rendered.questionTotal + 1;
      return { html: `<section data-card-page="${i + 1}">${rendered.html}</section>`, css: rendered.css };
    });
    await load(`<!doctype html><html><head><meta charset="utf-8"><style>${sections[0].css}</style></head><body style="margin:0">${sections.map((s) => s.html).join('')}</body></html>`);
    const framed = (await page.evaluate(measureMarksInPage, MARK_ATTRIBUTES)).marks;
    await load(renderDocumentHtml(cardPages('print')).html);
    expect(framed).toEqual(printMarks);
  });

  it("fits quick build's side-by-side handwriting grids inside their split cells, for every width it chooses", async () => {
    const taken = new Set<string>();
    const plan = (chars: number) => ({ single: { count: 0, options: 4 }, multi: { count: 0, options: 5 }, trueFalse: { count: 0 }, numeric: { count: 0, minus: true }, free: { count: 0, height: 80 }, handwriting: { count: 9, chars } });
    const pages = [1, 2, 3, 4, 6].map((chars) => ({ components: quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan(chars), () => freshId(taken)).page, assets: [], mode: 'print' as const }));
    await load(renderDocumentHtml(pages).html);
    const cells = await page.evaluate(() =>
      [...document.querySelectorAll('.acs-split-cell')].filter((cell) => cell.querySelector('.acs-hw-grid')).map((cell) => {
        const grid = cell.querySelector('.acs-hw-grid')!;
        const last = [...grid.querySelectorAll('.acs-hw-cell')].at(-1)!.getBoundingClientRect();
        const box = cell.getBoundingClientRect();
        // The last character cell and its 1 px right and bottom lines lie inside the split cell: nothing clipped, one line.
        return { inside: last.right + 1 <= box.right + 0.01 && last.bottom + 1 <= box.bottom + 0.01, lines: Math.round((last.top - grid.getBoundingClientRect().top) / 35) + 1 };
      }),
    );
    expect(cells).toHaveLength(9 * 5);
    expect(cells.every((c) => c.inside && c.lines === 1)).toBe(true);
    await load(renderDocumentHtml(cardPages('print')).html);
  });

  it("fits quick build's short choice rows inside their split cells, and reads them down each cell", async () => {
    const taken = new Set<string>();
    const plan = { single: { count: 12, options: 3 }, multi: { count: 0, options: 5 }, trueFalse: { count: 40 }, numeric: { count: 0, minus: true }, free: { count: 0, height: 80 }, handwriting: { count: 0, chars: 20 } };
    const built = quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan, () => freshId(taken)).page;
    await load(renderDocumentHtml([{ components: built, assets: [], mode: 'print' }]).html);
    const cells = await page.evaluate(() =>
      [...document.querySelectorAll('.acs-split-cell')].map((cell) => {
        const box = cell.getBoundingClientRect();
        const rows = [...cell.querySelectorAll('.acs-q')].map((row) => {
          const bubbles = [...row.querySelectorAll('.acs-bubble')].map((b) => b.getBoundingClientRect());
          const r = row.getBoundingClientRect();
          return { q: Number(row.getAttribute('data-q')), inside: bubbles.every((b) => b.left >= box.left && b.right <= box.right && b.bottom <= box.bottom + 0.01) && r.bottom <= box.bottom + 0.01 };
        });
        return { columns: cell.parentElement!.children.length, rows };
      }),
    );
    // 12 A–C rows: three cells of four; 40 是非: eight cells of five.
    expect(cells.map((c) => c.columns)).toEqual([...Array<number>(3).fill(3), ...Array<number>(8).fill(8)]);
    expect(cells.map((c) => c.rows.length)).toEqual([4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5]);
    expect(cells.every((c) => c.rows.every((r) => r.inside))).toBe(true);
    expect(cells.flatMap((c) => c.rows.map((r) => r.q))).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    // The map the PDF worker keeps has every bubble of those 52 questions.
    const { marks } = await page.evaluate(measureMarksInPage, MARK_ATTRIBUTES);
    const geometry = cardGeometryFromMarks(marks, 1);
    expect(new Set(geometry.bubbles.map((b) => b.q)).size).toBe(52);
    expect(geometry.bubbles.filter((b) => b.q === 13).map((b) => b.value)).toHaveLength(2);
    mkdirSync(SHOTS, { recursive: true });
    await page.locator('section[data-card-page="1"]').screenshot({ path: `${SHOTS}/quick-build-short-rows.png` });
    await load(renderDocumentHtml(cardPages('print')).html);
  });

  it('counts no clipped bubble on the fixture pages, and every bubble a too-narrow split cell cuts off', async () => {
    expect((await page.evaluate(measureMarksInPage, MARK_ATTRIBUTES)).clipped).toBe(0);
    // Twelve options (302 px) in a cell of an eight-column split (88 px): nine bubbles stick out.
    const narrow = ZPageComponents.parse({ version: 1, blocks: [{ id: 'b', kind: 'otherBase', children: [
      { id: 's', kind: 'equalSplit', columns: 8, border: 'middle', cells: Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, children: i === 0 ? [{ id: 'q', kind: 'singleChoice', options: { type: 'en', count: 12 } }] : [] })) },
    ] }] });
    await load(renderDocumentHtml([{ components: narrow, assets: [], mode: 'print' }]).html);
    const measured = await page.evaluate(measureMarksInPage, MARK_ATTRIBUTES);
    expect(measured.marks.filter((m) => m.omr === 'bubble')).toHaveLength(12);
    expect(measured.clipped).toBeGreaterThanOrEqual(9);
    expect(measured.clipped).toBeLessThan(12);
    await load(renderDocumentHtml(cardPages('print')).html);
  });

  it('screenshots each page for a person to look at', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const n of [1, 2, 3]) {
      await page.locator(`section[data-card-page="${n}"]`).screenshot({ path: `${SHOTS}/page-${n}.png` });
    }
  });
});
