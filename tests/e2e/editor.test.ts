import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { findOption, findPage } from '../../src/data/repos/document-pages.repo';
import { ZPageParams } from '../../src/shared/card/page-document';
import { insertDemoCard } from '../support/seed-card';
import { shots } from '../support/browser';
import { pngOf } from '../support/images';
import { closeBrowser, launch, page, visit } from '../support/card-browser';
import { canvas, confirmDialog, expectAlert, openEditorAsTeacher, palette, questions, save, selectLayer, waitLoaded } from '../support/editor-browser';

// A teacher builds a two-page card in the editor, through the UI only, and finds it again after a reload.
let db: Db;
let guid = '';
let cardId = 0;
const title = `編輯器測試 ${Date.now().toString(36)}`;

async function seedEmptyCard(): Promise<void> {
  ({ guid, id: cardId } = await insertDemoCard(db, title, { privacy: 'user' }));
}

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await Promise.all([seedEmptyCard(), launch()]);
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('page editor', () => {
  it('builds page 1: header, a question group of 25 sub-questions, with validation, undo and redo', async () => {
    await openEditorAsTeacher(guid);
    // A new card's header starts from the card's own name, not the palette's 第一學期期中考.
    expect(await canvas().textContent()).toContain(title);
    expect(await canvas().textContent()).not.toContain('第一學期期中考');
    await palette('questionGroup');
    await palette('subQuestionGroup');
    await confirmDialog();
    await expectAlert('輸入不全');
    await page.getByTestId('field-type-en').click();
    await page.getByTestId('field-count').fill('13');
    await page.getByTestId('field-questions').fill('25');
    await confirmDialog();
    await expectAlert('設定值超過上限');
    await page.getByTestId('field-count').fill('4');
    await confirmDialog();
    await expect.poll(() => questions().count()).toBe(25);
    await page.getByTestId('editor-undo').click();
    await expect.poll(() => questions().count()).toBe(0);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => questions().count()).toBe(25);
    expect(await questions().last().getAttribute('data-showno')).toBe('25');
    // The base is full: one more row would be taller than its outline, so the add is taken back.
    await selectLayer(0, '首頁底板');
    await palette('singleChoice');
    await expectAlert('內容超出頁面高度，無法新增');
    expect(await questions().count()).toBe(25);
    // So is a generator block: its row alone does not fit, no dialog opens.
    await palette('multiChoice');
    await expectAlert('內容超出頁面高度，無法新增');
    expect(await page.getByTestId('dialog-choice').count()).toBe(0);
    expect(await questions().count()).toBe(25);
    await canvas().locator('.acs-subtitle').dblclick({ position: { x: 40, y: 12 } });
    await page.getByTestId('rich-text').click();
    await page.keyboard.type('一、單選題（每題4分）');
    await page.getByTestId('text-done').click();
    await expect.poll(() => canvas().locator('.acs-subtitle-left').textContent()).toContain('一、單選題（每題4分）');
    await canvas().locator('.acs-exam-title').dblclick();
    await page.getByTestId('field-title').fill('114學年度第一學期期中考 數學科');
    await confirmDialog();
    await expect.poll(() => canvas().locator('.acs-exam-title').textContent()).toBe('114學年度第一學期期中考 數學科');
    expect(await canvas().locator('.acs-header[data-acs-selected]').count()).toBe(0);
    await save();
    await page.screenshot({ path: `${shots}/editor-page1.png` });
  }, 60_000);

  it('builds page 2 numbered on from page 1: multi choice, fill-in number, free answer with a handwriting grid, a ratio split with an image', async () => {
    await page.getByTestId('page-2').click();
    await waitLoaded(2);
    await palette('multiChoice');
    await page.getByTestId('field-type-en').click();
    await page.getByTestId('field-count').fill('6');
    await page.getByTestId('field-questions').fill('3');
    await confirmDialog();
    await expect.poll(() => questions().count()).toBe(3);
    expect(await questions().first().getAttribute('data-showno')).toBe('26');
    await palette('singleChoice');
    await page.getByTestId('tool-choice').click();
    await page.getByTestId('field-type-chooseNumber').click();
    // Digits 0–9 start ticked (issue 15); with nothing ticked the dialog refuses.
    expect(await page.getByTestId('field-digit').getAttribute('data-state')).toBe('checked');
    await page.getByTestId('field-digit').click();
    await confirmDialog();
    await expectAlert('輸入不全');
    await page.getByTestId('field-digit').click();
    await page.getByTestId('field-minus').click();
    await confirmDialog();
    await palette('freeAnswer');
    await palette('handwritingGrid');
    await page.getByTestId('field-chars').fill('300');
    await confirmDialog();
    await expectAlert('設定值超過上限');
    await page.getByTestId('field-chars').fill('12');
    await confirmDialog();
    await selectLayer(0, '其他頁底板');
    await palette('ratioSplit');
    await page.getByTestId('field-ratio-3').click();
    await confirmDialog();
    await page.getByTestId('tool-fieldHeight').click();
    await page.getByTestId('field-height').fill('120');
    await confirmDialog();
    await selectLayer(0, '欄位');
    await palette('image');
    const chooser = page.waitForEvent('filechooser');
    await canvas().locator('.acs-split-cell .acs-image').first().dblclick();
    await (await chooser).setFiles({ name: 'big.png', mimeType: 'image/png', buffer: pngOf(1300, 20) });
    await expectAlert('圖片寬度上限1200px，高度上限1200px，檔案尺寸上限1MB');
    const again = page.waitForEvent('filechooser');
    await canvas().locator('.acs-split-cell .acs-image').first().dblclick();
    await (await again).setFiles({ name: 'chart.png', mimeType: 'image/png', buffer: pngOf(240, 160) });
    await expect.poll(() => canvas().locator('.acs-img:not(.acs-img-placeholder)').count()).toBe(1);
    await selectLayer(1, '欄位');
    await palette('text');
    await canvas().locator('.acs-split-cell').nth(1).locator('.acs-text').dblclick();
    await page.getByTestId('rich-text').click();
    await page.keyboard.type('看圖回答下列問題');
    await page.getByTestId('text-done').click();
    await expect.poll(() => questions().count()).toBe(5);
    expect(await questions().last().getAttribute('data-showno')).toBe('30');
    await save();
    await page.screenshot({ path: `${shots}/editor-page2.png` });
  }, 60_000);

  it('finds both pages as they were after a reload', async () => {
    await visit(`/cards/content/${guid}`);
    await waitLoaded();
    await expect.poll(() => questions().count()).toBe(25);
    await page.getByTestId('page-2').click();
    await waitLoaded(2);
    await expect.poll(() => questions().count()).toBe(5);
    expect(await questions().first().getAttribute('data-showno')).toBe('26');
    expect(await canvas().locator('.acs-hw-cell').count()).toBe(12);
    expect(await canvas().locator('.acs-split-cell').count()).toBe(2);
    await expect.poll(() => canvas().locator('.acs-img:not(.acs-img-placeholder)').count()).toBe(1);
    expect(await canvas().textContent()).toContain('看圖回答下列問題');
    await page.screenshot({ path: `${shots}/editor-page2-reloaded.png` });
    // The saved answer regions: every bubble of page 1 in PDF points inside A4, and the totals.
    const stored = await findPage(db, cardId, 1);
    const params = ZPageParams.parse(JSON.parse(stored?.params ?? '{}'));
    expect(Object.keys(params.selectlist)).toHaveLength(25);
    expect(Object.keys(params.selectlist['25'])).toEqual(['A', 'B', 'C', 'D']);
    const bubble = params.selectlist['1'].A;
    expect(bubble.x).toBeGreaterThan(0);
    expect(bubble.y + bubble.h).toBeLessThan(842);
    expect(bubble.w).toBeCloseTo(12, 0);
    expect(Object.keys(params.grouplist)).toHaveLength(25);
    expect(await findOption(db, cardId, 'p1', 'question_total')).toBe('25');
    expect(await findOption(db, cardId, 'p2', 'question_total')).toBe('30');
  }, 60_000);

  it('drags a block from the palette into a free answer, and asks before leaving with unsaved changes', async () => {
    await page.getByTestId('palette-underline').dragTo(canvas().locator('.acs-free-area').first());
    await expect.poll(() => canvas().locator('.acs-free-area .acs-underline').count()).toBe(1);
    // A free answer as tall as the base no longer fits: the update is reverted.
    await selectLayer(0, '非選題(可調高度)');
    await page.getByTestId('tool-fieldHeight').click();
    await page.getByTestId('field-height').fill('700');
    await confirmDialog();
    await expectAlert('內容超出頁面高度，已還原變更');
    expect(await canvas().locator('.acs-free').first().evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(100);
    // Two two-column rows may not touch.
    await selectLayer(0, '其他頁底板');
    await palette('twoColumn');
    await palette('twoColumn');
    await expectAlert('左右欄元件不可相鄰');
    expect(await canvas().locator('.acs-two-column').count()).toBe(1);
    await page.getByRole('link', { name: '卷卡列表' }).click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('尚未儲存的資料將會遺失');
    await page.getByTestId('confirm-cancel').click();
    expect(page.url()).toContain(`/cards/content/${guid}`);
    await page.getByRole('link', { name: '卷卡列表' }).click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(/\/cards\/lists/);
  }, 60_000);

  it('tells the teacher to check the next page when the question count changed', async () => {
    await visit(`/cards/content/${guid}`);
    await waitLoaded();
    await selectLayer(0, '子題選擇題(多題)');
    await page.getByTestId('tool-subQuestion').click();
    await page.getByTestId('field-questions').fill('24');
    await confirmDialog();
    await expect.poll(() => questions().count()).toBe(24);
    await page.getByTestId('editor-save').click();
    await expectAlert('題數已變更，前往下一頁確認題號');
    await page.getByTestId('page-2').click();
    await waitLoaded(2);
    expect(await questions().first().getAttribute('data-showno')).toBe('25');
  }, 60_000);

  it('sends a card without guid back to the list, and opens a template with the components help', async () => {
    await visit('/cards/content');
    await expectAlert('卷卡資訊不足');
    await page.waitForURL(/\/cards\/lists/);
    const template = await insertDemoCard(db, `範本編輯 ${Date.now().toString(36)}`, { privacy: 'user', kind: 'template' });
    await visit(`/client/templates/content/${template.guid}`);
    await waitLoaded();
    await page.getByTestId('editor-help').click();
    await expect.poll(() => page.getByTestId('editor-help-dialog').textContent()).toContain('卷頭與首頁底板只能放在第一頁');
    await page.keyboard.press('Escape');
    await palette('singleChoice');
    await palette('subQuestionGroup');
    await page.getByTestId('field-type-truefalse').click();
    await page.getByTestId('field-questions').fill('3');
    await confirmDialog();
    // The second sub-question becomes a child of the one before: 自, not counted.
    await questions().nth(2).click();
    await page.getByTestId('tool-child').click();
    await page.getByTestId('field-numbering-sub').click();
    await confirmDialog();
    const shown = () => questions().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-showno')));
    expect(await shown()).toEqual(['1', '2', '自', '3']);
    // The element toolbar moves, clones and deletes; the layers panel reorders by drag and drop.
    await questions().first().click();
    await page.getByTestId('tool-down').click();
    expect(await shown()).toEqual(['1', '自', '2', '3']);
    await page.getByTestId('tool-clone').click();
    expect(await shown()).toEqual(['1', '自', '2', '3', '4']);
    await page.getByTestId('tool-delete').click();
    expect(await shown()).toEqual(['1', '自', '2', '3']);
    const layers = page.getByTestId('editor-layers');
    await layers.getByRole('button', { name: '單選題', exact: true }).dragTo(layers.getByRole('button', { name: '子題選擇題(多題)', exact: true }));
    await expect.poll(shown).toEqual(['1', '2', '自', '3']);
    await save();
  }, 60_000);
});
