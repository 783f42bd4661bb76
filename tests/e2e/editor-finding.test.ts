import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { shots } from '../support/browser';
import { closeBrowser, launch, page } from '../support/card-browser';
import { canvas, confirmDialog, openEditorAsTeacher, questions } from '../support/editor-browser';
import { insertDemoCard } from '../support/seed-card';

// Issue 15, part 5: finding things — layers with numbers and column, keys on the selected block,
// the header subtitle's right side editable from its placeholder.
let db: Db;

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('finding things in the editor', () => {
  it('layers name numbers and columns; Delete removes and Ctrl+D duplicates the selected block; the subtitle right side is edited from its placeholder', async () => {
    const card = await insertDemoCard(db, `找得到 ${Date.now().toString(36)}`, { privacy: 'user' });
    await openEditorAsTeacher(card.guid);
    await page.getByTestId('editor-quick-build').click();
    await page.getByTestId('field-qb-singleCount').fill('10');
    await confirmDialog();
    await expect.poll(() => questions().count()).toBe(10);
    const layers = page.getByTestId('editor-layers');
    expect(await layers.getByRole('button', { name: '左右兩欄', exact: true }).textContent()).toBe('左右兩欄1–10');
    const sixth = layers.getByRole('button', { name: '單選題', exact: true }).nth(5);
    expect(await sixth.textContent()).toBe('單選題6 · 右欄');
    await sixth.click();
    await page.keyboard.press('Delete');
    await expect.poll(() => questions().count()).toBe(9);
    await layers.getByRole('button', { name: '單選題', exact: true }).first().click();
    await page.keyboard.press('Control+d');
    await expect.poll(() => questions().count()).toBe(10);
    expect(await page.getByTestId('tool-delete').getAttribute('title')).toBe('刪除（Delete）');

    const right = canvas().locator('.acs-subtitle-right .acs-placeholder');
    expect(await right.textContent()).toBe('請輸入右側文字（雙擊編輯）');
    await right.dblclick();
    await page.getByTestId('rich-text').click();
    await page.keyboard.type('請以2B鉛筆作答');
    await page.getByTestId('text-done').click();
    await expect.poll(() => canvas().locator('.acs-subtitle-right').textContent()).toBe('請以2B鉛筆作答');
    await page.screenshot({ path: `${shots}/editor-finding.png` });
    // A generator asking for a question count says how many rows still fit (issue 15, part 7).
    await page.getByTestId('palette-multiChoice').click();
    expect(await page.getByTestId('field-rows-left').textContent()).toMatch(/^本頁尚可放 (19|20|21) 列題目$/);
    await page.getByTestId('dialog-close').click();
  }, 120_000);

  it('a text block grows to its text instead of clipping the third line, its last line centred; one undo takes edit and growth back', async () => {
    const card = await insertDemoCard(db, `文字長高 ${Date.now().toString(36)}`, { privacy: 'user' });
    await openEditorAsTeacher(card.guid);
    await page.getByTestId('palette-text').click();
    const text = canvas().locator('.acs-text').first();
    expect(await text.evaluate((el) => el.clientHeight)).toBe(30);
    await text.dblclick();
    await page.getByTestId('rich-text').click();
    await page.keyboard.type('第一行');
    await page.keyboard.press('Enter');
    await page.keyboard.type('第二行');
    await page.keyboard.press('Enter');
    await page.keyboard.type('第三行');
    // Rich text alignment (issue 15 part 6): the paragraph being typed is centred.
    await page.getByTestId('rich-text-align-center').click();
    expect(await page.getByTestId('rich-text-align-center').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('text-done').click();
    await expect.poll(() => text.evaluate((el) => el.clientHeight)).toBeGreaterThan(30);
    const paragraphs = text.locator('.acs-para');
    const aligns = await paragraphs.evaluateAll((els) => els.map((el) => getComputedStyle(el).textAlign));
    expect(aligns.map((a) => a === 'center')).toEqual([false, false, true]);
    expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    expect(await text.textContent()).toContain('第三行');
    await page.screenshot({ path: `${shots}/editor-text-grows.png` });
    await page.getByTestId('editor-undo').click();
    await expect.poll(() => text.evaluate((el) => el.clientHeight)).toBe(30);
    expect(await text.textContent()).not.toContain('第三行');
  }, 120_000);
  it('an empty two-column block shows both drop areas, tall enough to aim at; a block dropped on the right one lands in the right column', async () => {
    const card = await insertDemoCard(db, `放置區 ${Date.now().toString(36)}`, { privacy: 'user' });
    await openEditorAsTeacher(card.guid);
    await page.getByTestId('palette-twoColumn').click();
    const areas = canvas().locator('.acs-two-column .acs-drop-area');
    await expect.poll(() => areas.count()).toBe(2);
    expect(await areas.first().textContent()).toBe('拖曳元件到此');
    for (const area of await areas.all()) expect(await area.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(40);
    await page.screenshot({ path: `${shots}/editor-drop-areas.png` });
    await page.getByTestId('palette-singleChoice').dragTo(areas.nth(1));
    await expect.poll(() => canvas().locator('.acs-two-column .acs-column:not(.acs-column-left) [data-omr="group"]').count()).toBe(1);
    expect(await areas.count()).toBe(1); // the left column is still empty, and still shows it
  }, 120_000);
});
