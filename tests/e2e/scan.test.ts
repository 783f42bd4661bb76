import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { upsertPage } from '../../src/data/repos/document-pages.repo';
import { replaceRoster } from '../../src/data/repos/students.repo';
import { base, shots } from '../support/browser';
import { closeBrowser, launch, page, row, signIn, visit } from '../support/card-browser';
import { firstPage } from '../support/card-pages';
import { convertAndPrintClass } from '../support/class-print';
import { fillClassPrint } from '../support/fill-print';
import { insertDemoCard } from '../support/seed-card';

// Exam staff read a class back: a real class print of a converted card, filled in with pencil and
// scanned (tests/support/fill-print.ts), uploaded on /cards/scan/:guid; the batch counts its pages
// up, two double marks wait for review and are resolved by keyboard, the answers table shows them.
const title = `讀卡 ${Date.now().toString(36)}`;
const STUDENTS = 6;
const QUESTIONS = 8;
let db: Db;
let guid = '';
let token = '';
/** The machine is shared and busy: screens get time to answer. */
const soon = { timeout: 20_000, interval: 200 };

async function api(path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
}

/** Student s marks option (s + q) of question q; students 0 and 1 mark two options on questions 1 and 2. */
const answerOf = (s: number, q: number, values: string[]) => {
  const one = values[(s + q) % values.length];
  if ((s === 0 && q === 1) || (s === 1 && q === 2)) return one + values[(s + q + 1) % values.length];
  return one;
};

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const card = await insertDemoCard(db, title, { account: 'schooladmin' });
  guid = card.guid;
  await upsertPage(db, card.id, 1, { html: '<p>x</p>', css: '', styles: '', components: JSON.stringify(firstPage(QUESTIONS)), assets: '[]', params: '{"selectlist":{},"grouplist":{}}' });
  const school = await db.selectFrom('clients').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
  const rows = Array.from({ length: STUDENTS }, (_, i) => ({ grade: 1, class: 1, seat: i + 1, number: `S1010${i + 1}`, name: `林讀卡${i + 1}` }));
  await db.transaction().execute((trx) => replaceRoster(trx, school.id, rows));
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'demo', account: 'schooladmin', password: 'schooladmin123' }) });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('reading a class back', () => {
  it('uploads a filled class print, watches it read, resolves two review items by keyboard and sees the answers', async () => {
    // Convert, print class 1 (the real print path), fill and scan it.
    const { printed, map } = await convertAndPrintClass(db, api, guid);
    const scan = await fillClassPrint(printed, map, answerOf);

    await signIn('demo', 'schooladmin', 'schooladmin123');
    await visit('/cards/lists');
    await expect.poll(() => row(title).isVisible(), soon).toBe(true);
    await page.screenshot({ path: `${shots}/scan-card-list.png` });
    await page.getByTestId(`card-scan-${guid}`).click();
    await page.waitForURL(/\/cards\/scan\//);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="scan-batch-progress"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('scan-file').setInputFiles({ name: '1年1班.pdf', mimeType: 'application/pdf', buffer: scan });
    await page.getByTestId('scan-upload').click();
    await expect.poll(() => page.getByTestId('scan-batch-state').first().textContent(), { timeout: 120_000, interval: 250 }).toBe('已完成');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    console.log(`[scan e2e] the batch row showed: ${seen.join(' → ')}`);
    expect(seen.at(-1)).toBe(`已讀 ${STUDENTS} / ${STUDENTS} 頁`);
    expect(await page.getByTestId('scan-batches').textContent()).toContain('1年1班.pdf');
    await page.screenshot({ path: `${shots}/scan-batches.png` });

    // Review: the two double marks, answered by key (a single-choice letter saves and moves on).
    await expect.poll(() => page.getByTestId('scan-tab-review').textContent(), soon).toBe('待確認 (2)');
    await page.getByTestId('scan-tab-review').click();
    await expect.poll(() => page.getByTestId('scan-review-image').isVisible(), soon).toBe(true);
    await expect.poll(() => page.getByTestId('scan-review-reason').textContent(), soon).toBe('劃記多個');
    await page.screenshot({ path: `${shots}/scan-review.png` });
    await page.keyboard.press('b');
    await expect.poll(() => page.getByTestId('scan-review-position').textContent(), soon).toBe('第 1 / 1 項');
    await page.keyboard.press('c');
    await expect.poll(() => page.getByTestId('scan-review-empty').isVisible(), soon).toBe(true);

    // Answers: every student, the corrected cells marked as such.
    await page.getByTestId('scan-tab-answers').click();
    await expect.poll(() => page.locator('[data-testid^="scan-answer-S"]').count(), soon).toBe(STUDENTS);
    await expect.poll(() => page.getByTestId('scan-cell-S10101-1').textContent(), soon).toBe('B');
    expect(await page.getByTestId('scan-cell-S10101-1').getAttribute('data-flag')).toBe('corrected');
    expect(await page.getByTestId('scan-cell-S10102-2').textContent()).toBe('C');
    expect(await page.getByTestId('scan-cell-S10103-3').textContent()).toBe('A'); // (2 + 3) % 5 → the first of A–E
    await page.screenshot({ path: `${shots}/scan-answers.png` });
    await page.getByTestId('scan-sheets-S10101').click();
    await expect.poll(() => page.getByTestId('scan-sheet-image').isVisible(), soon).toBe(true);
    await page.screenshot({ path: `${shots}/scan-sheet.png` });
  }, 300_000);
});
