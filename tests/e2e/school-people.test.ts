import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base, createSchoolByApi, go, launchBrowser, trackCalls, shots, signIn, visible } from '../support/browser';
import { rosterRows, xlsxOf } from '../support/sheets';

// A school's teachers and roster, as the system administrator manages them from the school list.
const code = `e2p${Date.now().toString(36)}`;
let browser: Browser;
let admin: Page;
let schoolId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = trackCalls(await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'zh-TW' }));
  schoolId = await createSchoolByApi(code, '端對端名單高中');
  await signIn(admin, 'system', 'admin', 'admin123');
  await admin.waitForURL(/\/home$/);
});
afterAll(() => browser?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await admin.screenshot({ path: `${shots}/failed-${ctx.task.name.slice(0, 20)}.png` });
});

describe('teachers and students of a school', () => {
  it('adds a teacher, then imports teachers: a bad file is reported row by row, a good one lands', async () => {
    await go(admin, `/client/user/edit/${schoolId}`);
    await admin.getByTestId('teacher-name').fill('林老師');
    await admin.getByTestId('teacher-account').fill('lin');
    await admin.getByTestId('teacher-password').fill('lin12345');
    await admin.getByTestId('teacher-save').click();
    await admin.waitForURL(/\/client\/user\/lists\/\d+/);
    await expect.poll(() => admin.getByTestId('teacher-row-lin').isVisible()).toBe(true);

    await admin.getByTestId('teacher-import').click();
    await admin.getByTestId('import-submit').click();
    await visible(admin, '尚未上傳檔案！');
    await admin.getByTestId('global-alert-ok').click();
    const bad = await xlsxOf([['姓名', '帳號'], ['王老師', 'wang'], ['', 'nameless'], ['重複', 'lin'], ['張老師', 'wang']]);
    await admin.getByTestId('import-file').setInputFiles({ name: 'bad.xlsx', mimeType: 'application/octet-stream', buffer: bad });
    await admin.getByTestId('import-submit').click();
    await visible(admin, '檔案有 3 個錯誤，未做任何變更');
    await visible(admin, '上傳錯誤'); // spec §8: an upload failure is titled 上傳錯誤
    const rows = await admin.getByTestId('import-error-row').allTextContents();
    expect(rows).toEqual(['第 3 列 姓名：未填寫', '第 4 列 帳號：帳號已存在於此學校', '第 5 列 帳號：帳號重複']);
    await admin.screenshot({ path: `${shots}/teacher-import-errors.png` });

    const good = await xlsxOf([['姓名', '帳號'], ['王老師', 'wang'], ['歐陽老師', 'ouyang'], ['陳老師', 'chen'], ['吳老師', 'wuli'], ['周老師', 'zhou']]);
    await admin.getByTestId('import-file').setInputFiles({ name: 'good.xlsx', mimeType: 'application/octet-stream', buffer: good });
    await admin.getByTestId('import-submit').click();
    await admin.waitForURL(/\/client\/user\/lists\/\d+/);
    await expect.poll(() => admin.getByTestId('pager-summary').textContent()).toContain('共 6 筆');
    // Ticks accumulate across pages; the header box follows the current page only.
    expect(await admin.getByTestId('teacher-batch-delete').count()).toBe(0);
    await admin.getByTestId('teacher-select-all').click();
    await admin.getByTestId('pager-2').click();
    await expect.poll(() => admin.getByTestId('teacher-select-all').getAttribute('data-state')).toBe('unchecked');
    await admin.getByTestId('teacher-check-zhou').click();
    await expect.poll(() => admin.getByTestId('teacher-batch-delete').textContent()).toContain('6');
    await admin.screenshot({ path: `${shots}/teacher-list.png` });
    await admin.getByTestId('teacher-check-zhou').click();
    await admin.getByTestId('pager-1').click();
    await admin.getByTestId('teacher-select-all').click();
    expect(await admin.getByTestId('teacher-batch-delete').count()).toBe(0);
  });

  it('imports a roster of 3 grades × 10 classes × 35 students and pages through it', async () => {
    await go(admin, '/client/lists');
    await admin.getByTestId(`client-row-${code}`).getByRole('link').nth(1).click(); // the student count
    await admin.waitForURL(`${base}/client/student/grade/${schoolId}`);
    await admin.getByTestId('student-import').click();
    const roster = await xlsxOf(rosterRows(3, 10, 35));
    await admin.getByTestId('import-file').setInputFiles({ name: 'roster.xlsx', mimeType: 'application/octet-stream', buffer: roster });
    await admin.getByTestId('import-submit').click();
    await visible(admin, '將匯入 1050 位學生');
    // Per-class counts first; the confirm comes only on pressing import (issue 14).
    await visible(admin, '3年10班 35 人');
    expect(await admin.getByTestId('confirm-ok').count()).toBe(0);
    await admin.getByTestId('import-confirm-open').click();
    await visible(admin, '匯入後將刪除目前所有學生資料');
    await admin.screenshot({ path: `${shots}/student-import-confirm.png` });
    await admin.getByTestId('confirm-ok').click();
    await admin.waitForURL(/\/client\/student\/grade\/\d+/);
    await expect.poll(() => admin.getByTestId('pager-summary').textContent()).toContain('共 3 筆');
    await admin.screenshot({ path: `${shots}/student-grades.png` });
    await admin.getByTestId('grade-table').getByRole('link', { name: '2' }).click();
    await admin.waitForURL(/\/client\/student\/class\/\d+\?grade=2/);
    await expect.poll(() => admin.getByTestId('pager-summary').textContent()).toContain('共 10 筆');
    await admin.getByTestId('class-table').getByRole('link', { name: '7', exact: true }).click();
    await admin.waitForURL(/class=7/);
    await expect.poll(() => admin.getByTestId('pager-summary').textContent()).toBe('第 1 / 3 頁，共 35 筆');
    await admin.getByTestId('pager-next').click();
    await visible(admin, '王小明2716');
    await admin.screenshot({ path: `${shots}/student-list.png` });
    await go(admin, new URL(admin.url()).pathname.replace('/client/student/lists', '/client/student/class'));
    await admin.waitForURL(/\/client\/student\/grade\/\d+$/); // no grade: back to the grades
  });
});
