import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { upsertPage } from '../../src/data/repos/document-pages.repo';
import { shots } from '../support/browser';
import { closeBrowser, launch, page, row, signIn, visit } from '../support/card-browser';
import { firstPage } from '../support/card-pages';
import { insertDemoCard } from '../support/seed-card';

// Export PDF from the card list: the toast sends the teacher to the preview page, the app's worker
// converts the card, and the list, reading itself again while converting, shows 已轉存.
const title = `轉存測試 ${Date.now().toString(36)}`;
let db: Db;
let guid = '';

/** A one-page card of the demo teacher, saved as the editor would, not yet converted. */
async function seedCard(title: string, state: { status?: 'converting'; disabled?: number } = {}): Promise<string> {
  const { guid, id } = await insertDemoCard(db, title, { state });
  const components = JSON.stringify(firstPage(5));
  await upsertPage(db, id, 1, { html: '<p>x</p>', css: '', styles: '', components, assets: '[]', params: '{"selectlist":{},"grouplist":{}}' });
  return guid;
}

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await Promise.all([seedCard(title).then((seeded) => (guid = seeded)), launch()]);
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('export PDF from the card list', () => {
  it('queues the conversion, says where to go next, and the status turns to 已轉存', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    await visit('/cards/lists');
    await expect.poll(() => row(title).isVisible()).toBe(true);
    expect(await row(title).getByTestId('card-status').textContent()).toBe('尚未轉存');
    await page.getByTestId(`card-pdf-${guid}`).click();
    await expect.poll(() => page.getByText('已開始轉存，完成後請至預覽頁輸出卷卡').isVisible()).toBe(true);
    await expect.poll(() => row(title).getByTestId('card-status').textContent(), { timeout: 60_000, interval: 1_000 }).toBe('已轉存');
    await page.screenshot({ path: `${shots}/card-export-pdf.png` });
  }, 90_000);

  it('shows a converting card locked, with the reason', async () => {
    // Converting as the queue left it (no job: nothing changes it while the test looks).
    const locked = `轉存中測試 ${Date.now().toString(36)}`;
    await seedCard(locked, { status: 'converting', disabled: 3 });
    await visit('/cards/lists');
    await expect.poll(() => row(locked).isVisible()).toBe(true);
    expect(await row(locked).getByTestId('card-status').textContent()).toBe('轉存中');
    expect(await row(locked).getByTestId('card-locked').getAttribute('title')).toBe('轉存中：暫時不可編輯');
    await row(locked).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/card-converting-locked.png` });
  });
});
