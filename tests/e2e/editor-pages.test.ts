import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { findOption, listPages, upsertOption, upsertPage } from '../../src/data/repos/document-pages.repo';
import { shots } from '../support/browser';
import { closeBrowser, fillInfo, launch, page, row, signIn, visit } from '../support/card-browser';
import { firstPage, secondPage } from '../support/card-pages';
import { canvas, openEditorAsTeacher, palette, waitLoaded } from '../support/editor-browser';
import { insertDemoCard } from '../support/seed-card';
import type { PageComponents } from '../../src/shared/card/page-blocks';

// Issue 15: pages of a card in the editor. Paging through a converted card without changing it
// saves nothing that changes the PDF, so the card stays 已轉存.
let db: Db;

/** A two-page card (5 + 3 questions) of the demo teacher, as the PDF worker leaves it converted. */
async function convertedCard(title: string, storedTotals: [string, string]): Promise<{ guid: string; id: number }> {
  const card = await insertDemoCard(db, title, { privacy: 'user' });
  const stored = (components: unknown) => ({ html: '<p>x</p>', css: '', styles: '', components: JSON.stringify(components), assets: '[]', params: '{"selectlist":{},"grouplist":{}}' });
  await upsertPage(db, card.id, 1, stored(firstPage(5)));
  await upsertPage(db, card.id, 2, stored(secondPage(3)));
  for (const [i, total] of storedTotals.entries()) if (total) await upsertOption(db, card.id, `p${i + 1}`, 'question_total', total);
  await db.updateTable('documents').set({ status: 'converted', pdf_key: `pdf/${card.guid}.pdf` }).where('id', '=', card.id).execute();
  return card;
}

const status = (id: number) => db.selectFrom('documents').select(['status', 'pdf_key']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('pages of a card in the editor', () => {
  it('pages through a converted card without changes: nothing saved, still 已轉存', async () => {
    const title = `翻頁測試 ${Date.now().toString(36)}`;
    const card = await convertedCard(title, ['5', '8']);
    await openEditorAsTeacher(card.guid);
    let saves = 0;
    page.on('request', (r) => void (r.url().includes('cards.content.savePage') && saves++));
    await page.getByTestId('page-next').click();
    await waitLoaded(2);
    await page.getByTestId('page-1').click();
    await waitLoaded(1);
    await page.getByTestId('page-2').click();
    await waitLoaded(2);
    expect(saves).toBe(0);
    expect(await status(card.id)).toEqual({ status: 'converted', pdf_key: `pdf/${card.guid}.pdf` });
    await visit('/cards/lists');
    await expect.poll(() => row(title).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await row(title).getByTestId('card-status').textContent()).toBe('已轉存');
    await page.screenshot({ path: `${shots}/editor-pages-still-converted.png` });
  }, 90_000);

  it('a page numbered otherwise than stored is saved on the way, and the card still stays 已轉存', async () => {
    // Page 2's question_total was never stored: it is saved when left, with the same blocks.
    const card = await convertedCard(`翻頁重編 ${Date.now().toString(36)}`, ['5', '']);
    await openEditorAsTeacher(card.guid);
    await page.getByTestId('page-2').click();
    await waitLoaded(2);
    await page.getByTestId('page-1').click();
    await waitLoaded(1);
    expect(await findOption(db, card.id, 'p2', 'question_total')).toBe('8');
    expect((await status(card.id)).status).toBe('converted');
  }, 90_000);

  it('opens the page of the URL, adds a page, moves and deletes pages from the page list', async () => {
    const card = await convertedCard(`頁面清單 ${Date.now().toString(36)}`, ['5', '8']);
    await signIn('demo', 'teacher', 'teacher123');
    await page.setViewportSize({ width: 1700, height: 1150 });
    await visit(`/cards/content/${card.guid}?page=2`);
    await waitLoaded(2);
    await page.reload();
    await waitLoaded(2);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.getByTestId('page-tab-2').getAttribute('aria-current')).toBe('page');

    await page.getByTestId('editor-add-page').click();
    await waitLoaded(3);
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');
    expect(await page.getByTestId('page-3').isVisible()).toBe(true);
    expect(await page.getByTestId('page-tab-3').textContent()).toContain('（未儲存）');
    expect(await page.getByTestId('editor-add-page').isDisabled()).toBe(true);
    await palette('singleChoice');
    await expect.poll(() => canvas().locator('[data-omr="group"]').count()).toBe(1);
    await page.screenshot({ path: `${shots}/editor-pages-new-page.png` });

    // Leaving the new page saves it; then it moves before page 2.
    await page.getByTestId('page-tab-1-open').click();
    await waitLoaded(1);
    await page.getByTestId('page-tab-3-left').click();
    // Page 2 is now the new page (questions 6), page 3 the old page 2 (6 + 3).
    await expect.poll(() => findOption(db, card.id, 'p2', 'question_total'), { timeout: 15_000 }).toBe('6');
    await waitLoaded(1);
    expect((await listPages(db, card.id)).map((p) => (JSON.parse(p.components) as PageComponents).blocks[0].kind)).toEqual(['header', 'otherBase', 'otherBase']);
    expect(await findOption(db, card.id, 'p3', 'question_total')).toBe('9');
    expect((await status(card.id)).status).toBe('draft');

    await page.getByTestId('page-tab-3-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByText('已刪除第 3 頁').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await waitLoaded(1);
    await expect.poll(() => page.locator('[data-testid^="page-tab-"][data-testid$="-open"]').count()).toBe(2);
    expect(await listPages(db, card.id).then((rows) => rows.length)).toBe(2);
    await page.screenshot({ path: `${shots}/editor-pages-after-delete.png` });
  }, 120_000);

  it('新增卷卡 lands in the editor of the new card, header and first-page base already placed', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    await page.setViewportSize({ width: 1700, height: 1150 });
    await visit('/cards/create');
    const name = `新卷卡 ${Date.now().toString(36)}`;
    await fillInfo(name);
    await page.getByTestId('card-submit').click();
    await page.waitForURL(/\/cards\/content\/[0-9a-f-]+\?page=1$/);
    await waitLoaded(1);
    expect(await canvas().textContent()).toContain(name);
    expect(await canvas().locator('.acs-base').count()).toBe(1);
    await palette('singleChoice');
    await expect.poll(() => canvas().locator('[data-omr="group"]').count()).toBe(1);
    await page.screenshot({ path: `${shots}/editor-new-card-ready.png` });
  }, 90_000);

  it('the create form offers the school\'s templates; the card starts from the one picked', async () => {
    const template = await insertDemoCard(db, `學校範本 ${Date.now().toString(36)}`, { kind: 'template', privacy: 'client', account: 'schooladmin' });
    await upsertPage(db, template.id, 1, { html: '<p>x</p>', css: '', styles: '', components: JSON.stringify(firstPage(7)), assets: '[]', params: '{"selectlist":{},"grouplist":{}}' });
    await visit('/cards/create');
    await fillInfo(`範本起頭 ${Date.now().toString(36)}`);
    await page.getByTestId('card-template').click();
    await page.getByTestId(`card-template-option-${template.guid}`).click();
    await expect.poll(() => page.getByTestId('card-mode').count()).toBe(0);
    await page.screenshot({ path: `${shots}/card-create-from-template.png` });
    await page.getByTestId('card-submit').click();
    await page.waitForURL(/\/cards\/content\//);
    await waitLoaded(1);
    await expect.poll(() => canvas().locator('[data-omr="group"]').count()).toBe(7);
  }, 90_000);
});
