import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_HEIGHT_PX } from '../../src/shared/card/constants';
import { BUBBLE_PX } from '../../src/shared/card/render/render-constants';
import { renderDocumentHtml } from '../../src/shared/card/render/render-card-html';
import { everyKindPage, firstPage, PNG_ASSET, secondPage } from '../support/card-pages';
import { measureCard, type CardFacts } from '../support/card-measure';

// The renderer's promises checked where they matter, in Chromium: pages exactly A4, content inside
// its base, every bubble one fixed size inside its question's outline. Screenshots for a person.

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SHOTS = 'test-results/card-render';
// 210 × 297 mm in CSS px (96 / 25.4 px a millimetre).
const A4_PX = { w: (210 * 96) / 25.4, h: (297 * 96) / 25.4 };

let browser: Browser;
let page: Page;
let facts: CardFacts;
const requests: string[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 800, height: 1130 }, deviceScaleFactor: 1.5 });
  page = await context.newPage();
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) requests.push(request.url());
  });
  const { html } = renderDocumentHtml([
    { components: firstPage(), assets: [], schoolName: '臺北市立示範高級中學' },
    { components: secondPage(), assets: [] },
    { components: everyKindPage(), assets: [PNG_ASSET] },
  ]);
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  facts = await page.evaluate(measureCard);
});

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
    expect(facts.fields.map((f) => f.field).sort()).toEqual(['barcode', 'className', 'name', 'number', 'seat']);
    expect(facts.fields.every((f) => f.w >= 40 && f.h >= 20)).toBe(true);
  });

  it('screenshots each page for a person to look at', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const n of [1, 2, 3]) {
      await page.locator(`section[data-card-page="${n}"]`).screenshot({ path: `${SHOTS}/page-${n}.png` });
    }
  });
});
