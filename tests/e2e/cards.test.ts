import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { base, shots } from '../support/browser';
import { closeBrowser, fillInfo, launch, page, row, signIn, visit } from '../support/card-browser';
import { ALL_CARD_PERMISSIONS } from '../support/card-fixtures';
import { createSchool, createUser } from '../support/fixtures';

// A teacher's card work in a real browser, and another school's teacher who must see none of it.
const stamp = Date.now().toString(36);
let db: Db;
let other: { code: string; account: string; password: string; name: string };

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const school = await createSchool(db, { name: `乙校 ${stamp}` }, ALL_CARD_PERMISSIONS);
  const user = await createUser(db, school.id, { permissions: ALL_CARD_PERMISSIONS, name: '乙校老師' });
  other = { code: school.code, account: user.account, password: user.password, name: `乙校 ${stamp}` };
  await launch();
}, 60_000);
afterAll(async () => {
  await closeBrowser();
  await db?.destroy();
});

describe('cards, templates and sharing, as teachers use them', () => {
  it('the system administrator copies the system template to a school', async () => {
    await signIn('system', 'admin', 'admin123');
    await visit('/client/templates');
    const seeded = page.locator('[data-testid^="school-template-"]', { hasText: '標準劃記卡（10題）' });
    await seeded.getByText('複製到學校').click();
    await page.getByTestId('copy-school').click();
    await page.getByTestId('copy-school-search').fill('示範');
    await page.getByRole('option', { name: '示範高級中學' }).click();
    await page.getByTestId('copy-school-submit').click();
    await expect.poll(() => page.getByText('已複製到 示範高級中學').isVisible()).toBe(true);
  });

  it('a school administrator creates a school template', async () => {
    await signIn('demo', 'schooladmin', 'schooladmin123');
    await visit(`/client/templates/create`);
    await page.getByTestId('template-submit').click();
    await expect.poll(() => page.getByTestId('template-title-error').textContent()).toBe('請輸入卷卡名稱');
    await page.getByTestId('template-title').fill(`段考範本 ${stamp}`);
    await page.getByTestId('template-submit').click();
    await page.waitForURL(`${base}/client/templates`);
    await expect.poll(() => page.getByText(`段考範本 ${stamp}`).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.screenshot({ path: `${shots}/school-templates.png` });
  });

  it('a teacher creates a card, with the required-field messages first', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    await visit(`/cards/create`);
    await expect.poll(() => page.getByTestId('card-mode-omr').getAttribute('data-state')).toBe('checked');
    await page.getByTestId('card-submit').click();
    await expect.poll(() => page.getByTestId('card-title-error').textContent()).toBe('請輸入卷卡名稱');
    expect(await page.getByTestId('card-department-error').textContent()).toBe('請選擇科別');
    await page.screenshot({ path: `${shots}/card-create.png` });
    await fillInfo(`期中考 ${stamp}`);
    await page.getByTestId('card-submit').click();
    // A new card opens in the editor (issue 15).
    await page.waitForURL(/\/cards\/content\//);
    await visit('/cards/lists');
    await expect.poll(() => row(`期中考 ${stamp}`).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await row(`期中考 ${stamp}`).textContent()).toContain('普通科・數學');
  });

  it('edits the card info: mode and size are fixed, sharing is switched on', async () => {
    await row(`期中考 ${stamp}`).getByText('修改').click();
    await page.waitForURL(/\/cards\/edit\//);
    await expect.poll(() => page.getByTestId('card-title').inputValue()).toBe(`期中考 ${stamp}`);
    expect(await page.getByTestId('card-mode-omr').isDisabled()).toBe(true);
    await page.getByTestId('card-title').fill(`期末考 ${stamp}`);
    await page.getByTestId('card-share').click();
    await page.getByTestId('card-submit').click();
    await page.waitForURL(`${base}/cards/lists`);
    await expect.poll(() => row(`期末考 ${stamp}`).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.screenshot({ path: `${shots}/card-list.png` });
  });

  it('makes a card from the template, and copies the template to the personal collection', async () => {
    await visit(`/cards/templates`);
    const tpl = page.locator('[data-testid^="template-"]', { has: page.getByText(`段考範本 ${stamp}`, { exact: true }) }).first();
    await tpl.getByText('製作卷卡').click();
    await page.waitForURL(/template_id=/);
    await expect.poll(() => page.getByTestId('from-template').textContent()).toContain(`段考範本 ${stamp}`);
    expect(await page.getByTestId('card-mode').count()).toBe(0);
    await fillInfo(`範本卷 ${stamp}`);
    await page.getByTestId('card-submit').click();
    await page.waitForURL(/\/cards\/content\//);
    await visit('/cards/lists');
    await expect.poll(() => row(`範本卷 ${stamp}`).isVisible(), { timeout: 20_000 }).toBe(true);

    await visit(`/cards/templates`);
    await tpl.getByText('加入個人收藏').click();
    await page.getByTestId('copy-title').fill(`我的範本 ${stamp}`);
    await page.getByTestId('copy-submit').click();
    await expect.poll(() => page.getByText(`我的範本 ${stamp}`).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/templates.png` });
  });

  it('shares the card to another school; confirm waits for title and school', async () => {
    await visit(`/cards/lists`);
    await row(`期末考 ${stamp}`).getByLabel('更多').click();
    await page.getByTestId('card-share-school').click();
    expect(await page.getByTestId('copy-submit').isDisabled()).toBe(true);
    await page.getByTestId('copy-title').fill(`共享卷 ${stamp}`);
    expect(await page.getByTestId('copy-submit').isDisabled()).toBe(true);
    await page.getByTestId('share-school').click();
    await page.getByTestId('share-school-search').fill(stamp);
    await page.getByRole('option', { name: other.name }).click();
    await page.screenshot({ path: `${shots}/share-dialog.png` });
    await page.getByTestId('copy-submit').click();
    await expect.poll(() => page.getByText(`已分享至 ${other.name}`).isVisible()).toBe(true);
  });

  it('deletes a card through confirm, processing and success, and the list reloads', async () => {
    await row(`範本卷 ${stamp}`).getByText('刪除').click();
    const dialog = page.getByTestId('delete-confirm');
    await expect.poll(() => dialog.textContent()).toContain('確定刪除此卷卡？');
    expect(await dialog.textContent()).toContain('刪除後將無法復原');
    expect(await dialog.textContent()).toContain('尚未讀卡的卷卡請勿刪除');
    expect(await dialog.textContent()).toContain('此卷卡的掃描檔、讀卡結果、答案與配分、閱卷給分與成績、列印紀錄會一併刪除');
    expect(await page.getByTestId('confirm-item').textContent()).toBe(`範本卷 ${stamp}`);
    await page.screenshot({ path: `${shots}/delete-confirm.png` });
    await page.getByTestId('delete-ok').click();
    await expect.poll(() => page.getByTestId('delete-done').isVisible(), { timeout: 5000 }).toBe(true);
    await expect.poll(() => row(`範本卷 ${stamp}`).count()).toBe(0);
    await page.getByTestId('delete-done-ok').click();
  });

  it('shows the print log, explains a missing file and deletes a row', async () => {
    const card = await db.selectFrom('documents').select(['id', 'guid', 'client_id']).where('title', '=', `期末考 ${stamp}`).executeTakeFirstOrThrow();
    for (const cls of ['101', '102']) {
      await db.insertInto('print_logs').values({ document_id: card.id, client_id: card.client_id, user_id: null, username: '陳老師', filename: `${cls}.pdf`, class: cls, storage_key: `prints/missing-${stamp}-${cls}.pdf` }).execute();
    }
    await row(`期末考 ${stamp}`).getByText('紀錄').click();
    await page.waitForURL(`${base}/cards/log/${card.guid}`);
    await expect.poll(() => page.getByTestId('log-table').textContent()).toContain('102.pdf');
    expect(await page.getByTestId('pager-summary').textContent()).toBe('共 2 筆資料，每頁 10 筆，共 1 頁');
    await page.screenshot({ path: `${shots}/print-log.png` });
    const first = page.locator('[data-testid^="log-row-"]', { hasText: '101.pdf' });
    await first.getByText('下載').click();
    await expect.poll(() => page.getByTestId('global-alert').textContent()).toContain('找不到列印檔案');
    await page.getByTestId('global-alert-ok').click();
    await first.getByText('刪除').click();
    expect(await page.getByTestId('confirm-item').textContent()).toContain('101.pdf');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('global-alert').textContent()).toContain('成功!');
    await page.getByTestId('global-alert-ok').click();
    await expect.poll(() => page.getByTestId('log-table').textContent()).not.toContain('101.pdf');
    await visit(`/cards/lists`);
  });

  it("the other school's teacher sees the share, and none of the first school's cards", async () => {
    const guid = (await db.selectFrom('documents').select('guid').where('title', '=', `期末考 ${stamp}`).executeTakeFirstOrThrow()).guid;
    await signIn(other.code, other.account, other.password);
    await visit(`/cards/shares`);
    await expect.poll(() => page.getByText(`共享卷 ${stamp}`).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('share-school').first().textContent()).toBe('示範高級中學');
    await page.screenshot({ path: `${shots}/shares.png` });
    await visit(`/cards/lists`);
    await expect.poll(() => page.getByTestId('card-empty').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.screenshot({ path: `${shots}/card-list-empty.png` });
    await visit(`/cards/edit/${guid}`);
    await page.waitForURL(`${base}/page404`);
    // From the page itself: the session cookie signs the call, as the client's own downloads.
    const res = await page.evaluate(
      async (g) => (await fetch('/api/cards', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'delete', action: 'card', guid: g }) })).status,
      guid,
    );
    expect(res).toBe(404);
    expect(await db.selectFrom('documents').select('id').where('guid', '=', guid).executeTakeFirst()).toBeDefined();
  });
});
