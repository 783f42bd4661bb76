import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOfScope } from '../../src/shared/permissions';
import { createDb, type Db } from '../../src/data/db/database';
import { base, go, launchBrowser, shots, signIn, trackCalls, visible } from '../support/browser';
import { createSchool, createUser } from '../support/fixtures';

// Issue 14 part 6 as a school administrator does it: a transfer student moves from 8年1班 to
// 8年2班 without a re-import, a new one is added, one who left is deleted; search, page size, export.
const SLOW = { timeout: 15_000 };
let db: Db;
let browser: Browser;
let page: Page;
let school: { code: string; account: string; password: string };

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const s = await createSchool(db, { name: `名冊學校 ${Date.now().toString(36)}` }, permissionsOfScope('teacher', 'school'));
  const admin = await createUser(db, s.id, { role: 'school_admin' });
  const rows = [1, 2].flatMap((klass) => Array.from({ length: 20 }, (_, i) => ({ client_id: s.id, grade: 8, class: klass, seat: i + 1, number: `08${klass}${String(i + 1).padStart(2, '0')}`, name: `學生${klass}-${i + 1}` })));
  rows[4].name = '陳轉學';
  await db.insertInto('students').values(rows).execute();
  school = { code: s.code, account: admin.account, password: admin.password };
  browser = await launchBrowser();
  page = trackCalls(await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'zh-TW', acceptDownloads: true }));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await page.screenshot({ path: `${shots}/failed-roster-${ctx.task.name.slice(0, 20)}.png` });
});

describe('roster care', () => {
  it('moves a transfer student to another class, adds one, deletes one, exports the roster', async () => {
    await signIn(page, school.code, school.account, school.password);
    await page.waitForURL(`${base}/home`);
    await go(page, '/client/student/lists?grade=8&class=1');
    await expect.poll(() => page.getByTestId('pager-summary').textContent(), SLOW).toContain('共 20 筆');

    // Search by name, then move 陳轉學 to class 2; seat 1 there is taken: said on the field.
    await page.getByTestId('student-search').fill('陳轉');
    await page.getByTestId('student-search').press('Enter');
    await expect.poll(() => page.getByTestId('pager-summary').textContent(), SLOW).toContain('共 1 筆');
    await page.getByTestId('student-edit-08105').click();
    await page.getByTestId('student-class').fill('2');
    await page.getByTestId('student-seat').fill('1');
    await page.getByTestId('student-save').click();
    await visible(page, '8年2班座號 1 已有學生：學生2-1');
    await page.getByTestId('student-seat').fill('21');
    await page.screenshot({ path: `${shots}/roster-edit.png` });
    await page.getByTestId('student-save').click();
    await expect.poll(() => page.getByTestId('pager-summary').textContent(), SLOW).toContain('共 0 筆'); // gone from class 1
    await go(page, '/client/student/lists?grade=8&class=2');
    await expect.poll(() => page.getByTestId('pager-summary').textContent(), SLOW).toContain('共 21 筆');

    // 15 / 50 / 100 a page.
    await page.getByTestId('student-per-page').click();
    await page.getByTestId('student-per-page-50').click();
    await expect.poll(() => page.getByTestId('pager-summary').textContent(), SLOW).toContain('第 1 / 1 頁');
    await expect.poll(() => page.getByTestId('student-row-08105').isVisible(), SLOW).toBe(true);

    // A new transfer student, and one who left.
    await page.getByTestId('student-add').click();
    expect(await page.getByTestId('student-grade').inputValue()).toBe('8');
    await page.getByTestId('student-seat').fill('22');
    await page.getByTestId('student-number').fill('08299');
    await page.getByTestId('student-name').fill('林新生');
    await page.getByTestId('student-save').click();
    await expect.poll(() => page.getByTestId('student-row-08299').isVisible(), SLOW).toBe(true);
    await page.getByTestId('student-delete-08203').click();
    await expect.poll(() => page.getByTestId('student-delete-confirm').textContent()).toBe('確定要刪除 學生2-3 嗎？刪除後無法復原。');
    await page.screenshot({ path: `${shots}/roster-delete-confirm.png` });
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('student-row-08203').count(), SLOW).toBe(0);
    await page.screenshot({ path: `${shots}/roster-class2.png` });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('student-export').click()]);
    expect(download.suggestedFilename()).toBe('學生名單_8年2班.xlsx');
  });
});
