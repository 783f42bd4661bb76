import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCardGeometry } from '../../src/shared/geometry/card-geometry';
import { edgeDeviationMm, findDrawnBox, rasterisePage, type PixelTest, type Raster } from '../support/raster';
import { createDb, type Db } from '../../src/data/db/database';
import { findOption, findPage } from '../../src/data/repos/document-pages.repo';
import { shots } from '../support/browser';
import { closeBrowser, launch, page, row, visit } from '../support/card-browser';
import { canvas, confirmDialog, expectAlert, openEditorAsTeacher, palette, questions, save, selectLayer, waitLoaded } from '../support/editor-browser';
import { pngOf } from '../support/images';
import { insertDemoCard } from '../support/seed-card';

// Issue 15, part 1: 快速建立 lays a question plan out as ordinary blocks, in two columns and onto
// further pages, numbered on; one undo takes it back. The audit's card is built with it.
let db: Db;
/** The audit's card, built by the first test and converted by the second. */
let audit: { guid: string; id: number; title: string } | null = null;
const TOLERANCE_MM = 0.25;
const magenta: PixelTest = (r, g, b) => r - g > 40 && b - g > 20; // MARK_COLOUR rgb(255, 0, 150)

const newCard = (title: string) => insertDemoCard(db, `${title} ${Date.now().toString(36)}`, { privacy: 'user' });
const fill = (name: string, value: string) => page.getByTestId(`field-qb-${name}`).fill(value);
/** The page base's first row layer (a two-column block here). */
const firstLayerId = () => page.locator('[data-testid^="layer-"]').nth(1).getAttribute('data-testid').then((id) => id!.slice('layer-'.length));
const baseKinds = async (cardId: number, n: number) =>
  (JSON.parse((await findPage(db, cardId, n))!.components) as { blocks: { children: { kind: string }[] }[] }).blocks.at(-1)!.children.map((r) => r.kind);

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('quick build', () => {
  it("builds the audit's card: page 1 header + 40 choice in two columns, page 2 from 41 with numeric rows, free answers and a ratio split with an image", async () => {
    const title = `快速建立 ${Date.now().toString(36)}`;
    const card = await insertDemoCard(db, title, { privacy: 'user' });
    audit = { ...card, title };
    await openEditorAsTeacher(card.guid);
    // Offered on the empty page.
    await page.getByTestId('quick-build-empty-open').click();
    expect(await page.getByTestId('quick-build-room').textContent()).toBe('本頁尚可放 25 列選擇題（兩欄約 50 題）');
    await confirmDialog();
    await expectAlert('輸入不全');
    await fill('singleCount', '40');
    await fill('singleOptions', '13');
    await confirmDialog();
    await expectAlert('設定值超過上限');
    await fill('singleOptions', '4');
    await page.screenshot({ path: `${shots}/editor-quick-build-dialog.png` });
    await confirmDialog(); // 1
    await expect.poll(() => questions().count()).toBe(40);
    expect(await canvas().locator('.acs-two-column').count()).toBe(1);
    expect(await questions().nth(20).getAttribute('data-showno')).toBe('21');
    await page.screenshot({ path: `${shots}/editor-quick-build-page1.png` });
    await save(); // 2

    await page.getByTestId('editor-add-page').click(); // 3
    await waitLoaded(2);
    await page.getByTestId('editor-quick-build').click(); // 4 (from the top bar)
    await fill('numericCount', '5');
    await fill('freeCount', '3');
    await fill('freeHeight', '100');
    await confirmDialog(); // 5
    await expect.poll(() => questions().count()).toBe(8);
    expect(await questions().first().getAttribute('data-showno')).toBe('41');
    await selectLayer(0, '其他頁底板'); // 6
    await palette('ratioSplit'); // 7
    await page.getByTestId('field-ratio-3').click(); // 8
    await confirmDialog(); // 9
    await selectLayer(0, '欄位');
    await palette('image');
    const chooser = page.waitForEvent('filechooser');
    await canvas().locator('.acs-split-cell .acs-image').first().dblclick();
    await (await chooser).setFiles({ name: 'chart.png', mimeType: 'image/png', buffer: pngOf(240, 160) });
    await expect.poll(() => canvas().locator('.acs-img:not(.acs-img-placeholder)').count(), { timeout: 15_000 }).toBe(1);
    await save();
    await page.screenshot({ path: `${shots}/editor-quick-build-page2.png` });

    expect(await findOption(db, card.id, 'p1', 'question_total')).toBe('40');
    expect(await findOption(db, card.id, 'p2', 'question_total')).toBe('48');
    expect(await baseKinds(card.id, 1)).toEqual(['twoColumn']);
    expect(await baseKinds(card.id, 2)).toEqual(['singleChoice', 'singleChoice', 'singleChoice', 'singleChoice', 'singleChoice', 'freeAnswer', 'freeAnswer', 'freeAnswer', 'ratioSplit']);
  }, 180_000);

  it('a 60-question plan flows onto a new page stored with the save; one undo takes the whole build back', async () => {
    const card = await newCard('快速建立跨頁');
    await openEditorAsTeacher(card.guid);
    await page.getByTestId('editor-quick-build').click();
    await fill('singleCount', '50');
    await fill('multiCount', '10');
    await confirmDialog();
    await expect.poll(() => questions().count()).toBe(50);
    expect(await page.getByTestId('editor-pending-pages').textContent()).toBe('另有 1 頁將於儲存時一併建立');
    expect(await page.getByTestId('editor-capacity').textContent()).toBe('本頁底板已用 100%');
    await page.getByTestId('editor-undo').click();
    await expect.poll(() => questions().count()).toBe(0);
    expect(await page.getByTestId('editor-pending-pages').count()).toBe(0);
    await page.getByTestId('editor-redo').click();
    await expect.poll(() => questions().count()).toBe(50);
    expect(await page.getByTestId('editor-pending-pages').count()).toBe(1);
    await save();
    expect(await findOption(db, card.id, 'p1', 'question_total')).toBe('50');
    // The further page is stored right after the page shown.
    await expect.poll(() => findOption(db, card.id, 'p2', 'question_total'), { timeout: 15_000 }).toBe('60');
    await expect.poll(() => page.getByTestId('editor-pending-pages').count()).toBe(0);
    await page.getByTestId('page-tab-2-open').click();
    await waitLoaded(2);
    await expect.poll(() => questions().count()).toBe(10);
    expect(await questions().first().getAttribute('data-showno')).toBe('51');
    await page.screenshot({ path: `${shots}/editor-quick-build-flowed.png` });
    expect(await page.getByTestId('layer-' + (await firstLayerId())).textContent()).toContain('51–60');
    // Short handwriting grids go side by side in equal splits, four across for 4 cells each.
    await page.getByTestId('editor-quick-build').click();
    await fill('handwritingCount', '6');
    await fill('handwritingChars', '4');
    await confirmDialog();
    await expect.poll(() => canvas().locator('.acs-split .acs-hw-grid').count()).toBe(6);
    expect(await canvas().locator('.acs-split').count()).toBe(2);
    expect(await canvas().locator('.acs-split').first().locator('.acs-split-cell').count()).toBe(4);
    await page.screenshot({ path: `${shots}/editor-quick-build-grids.png` });
    // Short choice rows (是非) go side by side in an equal split, numbered down each cell: 4 + 3 + 3.
    await page.getByTestId('editor-quick-build').click();
    await fill('trueFalseCount', '10');
    await confirmDialog();
    await expect.poll(() => canvas().locator('.acs-split .acs-q').count()).toBe(10);
    const cells = canvas().locator('.acs-split').last().locator('.acs-split-cell');
    expect(await cells.count()).toBe(3);
    expect(await Promise.all([0, 1, 2].map((i) => cells.nth(i).locator('.acs-q').first().getAttribute('data-showno')))).toEqual(['61', '65', '68']);
    await save();
    expect(await findOption(db, card.id, 'p2', 'question_total')).toBe('70');
    expect(await baseKinds(card.id, 2)).toEqual(['twoColumn', 'equalSplit', 'equalSplit', 'equalSplit']);
    await page.screenshot({ path: `${shots}/editor-quick-build-short-rows.png` });
    // By hand: a single choice placed into a selected cell lands in it, and the numbers run on.
    await page.getByTestId('editor-layers').getByRole('button', { name: '欄位', exact: true }).filter({ hasText: '65–67' }).click();
    await palette('singleChoice');
    await expect.poll(() => cells.nth(1).locator('.acs-q').count()).toBe(4);
    expect(await cells.nth(1).locator('.acs-q').last().getAttribute('data-showno')).toBe('68');
    expect(await cells.nth(2).locator('.acs-q').first().getAttribute('data-showno')).toBe('69');
    // Twelve options do not fit a third of the row: the cell would cut bubbles off, so it is refused.
    await page.getByTestId('editor-layers').getByRole('button', { name: '單選題', exact: true }).filter({ hasText: '68' }).click();
    await page.getByTestId('tool-choice').click();
    await page.getByTestId('field-count').fill('12');
    await confirmDialog();
    await expectAlert('題目比欄位寬，選項無法完整印出');
    expect(await cells.nth(1).locator('.acs-q').last().locator('.acs-bubble').count()).toBe(5);
  }, 180_000);

  it("converts the audit's card, and every mapped bubble of both pages is drawn where the map says (0.25 mm)", async () => {
    if (!audit) throw new Error('the audit card was not built');
    await visit('/cards/lists');
    await expect.poll(() => row(audit!.title).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId(`card-pdf-${audit.guid}`).click();
    await expect.poll(() => row(audit!.title).getByTestId('card-status').textContent(), { timeout: 120_000, interval: 1_000 }).toBe('已轉存');
    const doc = await db.selectFrom('documents').select(['pdf_key', 'geometry_key']).where('id', '=', audit.id).executeTakeFirstOrThrow();
    const stored = (key: string) => readFile(join(process.env.STORAGE_DIR!, 'e2e', key));
    const pdf = await stored(doc.pdf_key!);
    const geometry = ZCardGeometry.parse(JSON.parse((await stored(doc.geometry_key!)).toString()));
    expect(geometry.pages).toBe(2);
    const onPage = (n: number) => geometry.bubbles.filter((b) => b.page === n);
    expect(onPage(1)).toHaveLength(40 * 4);
    expect(onPage(2)).toHaveLength(5 * 11); // 0–9 and the minus
    expect(new Set(onPage(2).map((b) => b.q))).toEqual(new Set([41, 42, 43, 44, 45]));
    const rasters = new Map<number, Raster>();
    let worst = 0;
    for (const bubble of geometry.bubbles) {
      if (!rasters.has(bubble.page)) rasters.set(bubble.page, await rasterisePage(pdf, bubble.page));
      const drawn = findDrawnBox(rasters.get(bubble.page)!, bubble.rect, magenta);
      expect(drawn, `nothing drawn at q${bubble.q} ${bubble.value}`).not.toBeNull();
      worst = Math.max(worst, edgeDeviationMm(drawn!, bubble.rect));
    }
    console.log(`[quick build audit card] ${geometry.bubbles.length} bubbles on 2 pages; max raster deviation ${worst.toFixed(3)} mm`);
    expect(worst).toBeLessThanOrEqual(TOLERANCE_MM);
  }, 240_000);
});
