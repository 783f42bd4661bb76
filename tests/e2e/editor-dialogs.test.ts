import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { findPage } from '../../src/data/repos/document-pages.repo';
import { ZPageComponents } from '../../src/shared/card/page-blocks';
import { shots } from '../support/browser';
import { closeBrowser, launch, page } from '../support/card-browser';
import { canvas, confirmDialog, expectAlert, openEditorAsTeacher, palette, questions, save, waitLoaded } from '../support/editor-browser';
import { insertDemoCard } from '../support/seed-card';

// The dialogs editor.test.ts does not reach, each with its messages (page-editor.md §5, §8), and
// what their values become in the stored block tree.
let db: Db;
let guid = '';
let cardId = 0;

const tool = (name: string) => page.getByTestId(`tool-${name}`).click();

/** Every block of the stored page 1, flattened, as the editor saved them. */
async function storedBlocks(): Promise<Record<string, unknown>[]> {
  const stored = await findPage(db, cardId, 1);
  const components = ZPageComponents.parse(JSON.parse(stored?.components ?? '{}'));
  const out: Record<string, unknown>[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    if ('kind' in node) out.push(node);
    Object.values(node).forEach(visit);
  };
  visit(components.blocks);
  return out;
}
const stored = async (kind: string) => (await storedBlocks()).find((b) => b.kind === kind);

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await Promise.all([insertDemoCard(db, `對話框測試 ${Date.now().toString(36)}`, { privacy: 'user' }).then((c) => ({ guid, id: cardId } = c)), launch()]);
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('editor dialogs', () => {
  it('image height: empty, taller than its column (closes unchanged), then applied', async () => {
    await openEditorAsTeacher(guid);
    await palette('image');
    await tool('imageHeight');
    await page.getByTestId('field-image-height').fill('');
    await confirmDialog();
    await expectAlert('尚未填入數值');
    await page.getByTestId('field-image-height').fill('2000');
    await page.getByTestId('field-image-height').press('Enter');
    await expectAlert('圖片高度超過欄高,因此無法更新');
    await expect.poll(() => page.getByTestId('field-image-height').count()).toBe(0);
    await tool('imageHeight');
    await page.getByTestId('field-image-height').fill('120');
    await page.getByTestId('field-image-height').press('Enter');
    await expect.poll(() => page.getByTestId('field-image-height').count()).toBe(0);
  }, 60_000);

  it('field height and content anchor of a text block: over the field, empty, then applied', async () => {
    await palette('text');
    await tool('fieldHeight');
    expect(await page.getByTestId('field-height-current').textContent()).toContain('30');
    await page.getByTestId('field-height').fill('2000');
    await confirmDialog();
    await expectAlert('高度請勿超過欄高');
    // The dialog stays open after this one.
    await page.getByTestId('field-height').fill('');
    await confirmDialog();
    await expectAlert('輸入不全');
    await page.getByTestId('field-height').fill('45.2');
    await page.getByTestId('field-height').press('Enter');
    await expect.poll(() => page.getByTestId('field-height').count()).toBe(0);
    await tool('align');
    await confirmDialog();
    await expectAlert('輸入不全');
    await page.getByTestId('field-vertical-middle').click();
    await page.getByTestId('field-horizontal-center').click();
    await confirmDialog();
    await expect.poll(() => page.getByTestId('dialog-align').count()).toBe(0);
  }, 60_000);

  it('ratio on placement, split borders, and a question row with no bottom border chosen', async () => {
    await palette('ratioSplit');
    await page.getByTestId('field-ratio-3').click();
    await confirmDialog();
    await expect.poll(() => canvas().locator('.acs-split-cell').count()).toBe(2);
    await tool('border');
    await page.getByTestId('field-border-middle').click();
    await confirmDialog();
    await palette('singleChoice');
    await expect.poll(() => questions().count()).toBe(1);
    await tool('border');
    await confirmDialog();
    await expectAlert('輸入不全');
    await page.getByTestId('field-border-off').click();
    await confirmDialog();
    await page.getByTestId('editor-renumber').click();
    expect(await questions().first().getAttribute('data-showno')).toBe('1');
    await save();
    await page.screenshot({ path: `${shots}/editor-dialogs.png` });
  }, 60_000);

  it('stored every value the dialogs gave', async () => {
    expect(await stored('image')).toMatchObject({ height: 120 });
    expect(await stored('text')).toMatchObject({ height: 45.2, align: { vertical: 'middle', horizontal: 'center' } });
    expect(await stored('ratioSplit')).toMatchObject({ ratio: 3, border: 'middle' });
    expect(await stored('singleChoice')).toMatchObject({ border: { bottom: false } });
  });

  it("names a later page: the other-page base shows a placeholder, and a double-click edits its title", async () => {
    await page.getByTestId('page-2').click();
    await waitLoaded(2);
    const title = canvas().locator('.acs-other-title');
    expect(await title.textContent()).toBe('請輸入頁面標題（雙擊編輯）');
    await title.dblclick();
    await page.getByTestId('field-title').fill('非選擇題');
    await confirmDialog();
    await expect.poll(() => title.textContent()).toBe('非選擇題');
  });
});
