import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { upsertPage } from '../../src/data/repos/document-pages.repo';
import { base, launchBrowser, shots, signIn, trackCalls, go } from '../support/browser';
import { firstPage } from '../support/card-pages';
import { insertDemoCard } from '../support/seed-card';

// The app under its Content-Security-Policy, as a teacher uses it: every policy violation the
// browser reports (the event, and its console line) is collected from the first page on.
let browser: Browser;
let page: Page;
let db: Db;
const violations: string[] = [];
const title = `安全標頭 ${Date.now().toString(36)}`;
let guid = '';

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const card = await insertDemoCard(db, title);
  guid = card.guid;
  await upsertPage(db, card.id, 1, { html: '<p>x</p>', css: '', styles: '', components: JSON.stringify(firstPage(10)), assets: '[]', params: '{"selectlist":{},"grouplist":{}}' });
  browser = await launchBrowser();
  page = trackCalls(await browser.newPage({ viewport: { width: 1280, height: 860 }, locale: 'zh-TW' }));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
}, 60_000);
afterAll(() => Promise.all([browser?.close(), db?.destroy()]));

describe('the app under its security headers', () => {
  it('serves the page with a strict policy and the standard headers', async () => {
    const res = await fetch(`${base}/login/demo`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // plain HTTP here
    expect(await res.text()).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/); // no inline script in the built page
  });

  it('signs in, converts a card and shows it in the PDF viewer with no policy violation', async () => {
    await signIn(page, 'demo', 'teacher', 'teacher123');
    await page.waitForURL(`${base}/home`);
    await go(page, '/cards/lists');
    await page.getByTestId(`card-pdf-${guid}`).click();
    const row = page.locator('[data-testid^="card-row-"]', { has: page.getByText(title, { exact: true }) });
    await expect.poll(() => row.getByTestId('card-status').textContent(), { timeout: 90_000, interval: 1_000 }).toBe('已轉存');
    await page.getByTestId(`card-preview-${guid}`).click();
    await page.waitForURL(`${base}/cards/preview/${guid}`);
    await expect.poll(() => page.getByTestId('viewer-canvas').getAttribute('data-rendered'), { timeout: 20_000 }).toBe('true');
    // The canvas holds the drawn page, not a blank sheet: some pixels are dark.
    const inked = await page.getByTestId('viewer-canvas').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 100) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(1000);
    await page.screenshot({ path: `${shots}/csp-viewer.png` });
    expect(violations).toEqual([]);
  }, 120_000);
});
