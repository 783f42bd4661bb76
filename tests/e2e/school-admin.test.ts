import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rosterRows, xlsxOf } from '../support/sheets';

// `npm test` starts the built app for this suite and passes its address (scripts/test.ts).
const base = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const shots = 'test-results/screens';
const code = `e2e${Date.now().toString(36)}`;
const subCode = `${code}s`;
let browser: Browser;
let admin: Page;
let teacherContext: BrowserContext;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  admin = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'zh-TW' });
  teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-TW' });
});
afterAll(() => browser?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await admin.screenshot({ path: `${shots}/failed-${ctx.task.name.slice(0, 20)}.png` });
});

/**
 * Leaving a page while its calls are in flight aborts them, and the client treats a failed call
 * as a dead session (spec §8: clear the token): so every jump waits for the page to settle first.
 */
async function go(page: Page, path: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(`${base}${path}`);
}

async function signIn(page: Page, school: string, account: string, password: string) {
  await go(page, `/login/${school}`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

const visible = (page: Page, text: string) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);

async function rowMenu(school: string, item: string) {
  await admin.getByTestId(`client-row-${school}`).getByRole('button').click();
  await admin.getByTestId(item).click();
}

describe('school administration, as the system administrator does it', () => {
  it('creates a school and a sub-school', async () => {
    await signIn(admin, 'system', 'admin', 'admin123');
    await admin.waitForURL(`${base}/home`);
    await go(admin, '/client/lists');
    await admin.getByTestId('client-add').click();
    await admin.getByTestId('client-name').fill('端對端測試高中');
    await admin.getByTestId('client-code').fill(code);
    expect(await admin.getByTestId('client-max_account').inputValue()).toBe('10');
    await admin.getByTestId('client-start_at').fill('2026-12-31');
    await admin.getByTestId('client-expiry_at').fill('2026-01-01');
    await admin.getByTestId('client-save').click();
    await visible(admin, '開始日期不得晚於到期日期');
    await admin.getByTestId('client-start_at').fill('2026-01-01');
    await admin.getByTestId('client-expiry_at').fill('2099-12-31');
    await admin.getByTestId('client-save').click();
    await admin.waitForURL(`${base}/client/lists`);
    const row = admin.getByTestId(`client-row-${code}`);
    await expect.poll(() => row.getByTestId('client-status').textContent()).toBe('正常');
    expect(await row.getByTestId('client-status').getAttribute('class')).toContain('text-green-600');

    await rowMenu(code, 'menu-sub-clients');
    await admin.waitForURL(/\/client\/lists\/\d+$/);
    await admin.getByTestId('client-add').click();
    await admin.getByTestId('client-name').fill('端對端測試高中分部');
    await admin.getByTestId('client-code').fill(subCode);
    await admin.getByTestId('client-save').click();
    await admin.waitForURL(/\/client\/lists\/\d+$/);
    await expect.poll(() => admin.getByTestId(`client-row-${subCode}`).isVisible()).toBe(true);
    await admin.screenshot({ path: `${shots}/client-sub-list.png` });
    await go(admin, '/client/lists');
    await expect.poll(() => admin.getByTestId(`client-row-${code}`).isVisible()).toBe(true);
    await admin.screenshot({ path: `${shots}/client-list.png` });
  });

  it('sets the school permissions (with the partial state) and its card modes and sizes', async () => {
    await rowMenu(code, 'menu-permission');
    await admin.waitForURL(/\/client\/permission\?client_id=\d+/);
    const group = admin.getByTestId('perm-group-all-0');
    await expect.poll(() => group.getAttribute('data-state')).toBe('checked');
    await admin.getByTestId('perm-cards.share').click();
    await expect.poll(() => group.getAttribute('data-state')).toBe('indeterminate');
    await admin.screenshot({ path: `${shots}/client-permission.png` });
    await admin.getByTestId('permission-save').click();
    await visible(admin, '儲存成功');

    await go(admin, '/client/lists');
    await rowMenu(code, 'menu-cardsize');
    await admin.waitForURL(/\/client\/cardsize\/\d+/);
    await expect.poll(() => admin.getByTestId('mode-written').getAttribute('data-state')).toBe('checked');
    await admin.getByTestId('mode-written').click();
    await admin.getByTestId('size-A3').click();
    await admin.getByTestId('cardsize-save').click();
    await visible(admin, '儲存成功');
    await admin.waitForLoadState('networkidle');
    await admin.reload();
    await expect.poll(() => admin.getByTestId('mode-written').getAttribute('data-state')).toBe('unchecked');
    await admin.screenshot({ path: `${shots}/client-cardsize.png` });
  });

  it('adds a teacher, then imports teachers: a bad file is reported row by row, a good one lands', async () => {
    await go(admin, '/client/lists');
    await rowMenu(code, 'menu-add-user');
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
    const rows = await admin.getByTestId('import-error-row').allTextContents();
    expect(rows).toEqual(['第 3 列 姓名：未填寫', '第 4 列 帳號：帳號已存在於此學校', '第 5 列 帳號：帳號重複']);
    await admin.screenshot({ path: `${shots}/teacher-import-errors.png` });

    const good = await xlsxOf([['姓名', '帳號'], ['王老師', 'wang'], ['歐陽老師', 'ouyang'], ['陳老師', 'chen'], ['吳老師', 'wu'], ['周老師', 'zhou']]);
    await admin.getByTestId('import-file').setInputFiles({ name: 'good.xlsx', mimeType: 'application/octet-stream', buffer: good });
    await admin.getByTestId('import-submit').click();
    await admin.waitForURL(/\/client\/user\/lists\/\d+/);
    await expect.poll(() => admin.getByTestId('pager-summary').textContent()).toContain('共 6 筆');
    // Ticks accumulate across pages; the header box follows the current page only.
    expect(await admin.getByTestId('teacher-batch-delete').count()).toBe(0);
    await admin.getByTestId('teacher-select-all').click();
    await admin.getByTestId('page-2').click();
    await expect.poll(() => admin.getByTestId('teacher-select-all').getAttribute('data-state')).toBe('unchecked');
    await admin.getByTestId('teacher-check-zhou').click();
    await expect.poll(() => admin.getByTestId('teacher-batch-delete').textContent()).toContain('6');
    await admin.screenshot({ path: `${shots}/teacher-list.png` });
    await admin.getByTestId('teacher-check-zhou').click();
    await admin.getByTestId('page-1').click();
    await admin.getByTestId('teacher-select-all').click();
    expect(await admin.getByTestId('teacher-batch-delete').count()).toBe(0);
  });

  it('imports a roster of 3 grades × 10 classes × 35 students and pages through it', async () => {
    await go(admin, '/client/lists');
    await admin.getByTestId(`client-row-${code}`).getByRole('link').nth(1).click(); // the student count
    await admin.waitForURL(/\/client\/student\/grade\/\d+/);
    await admin.getByTestId('student-import').click();
    const roster = await xlsxOf(rosterRows(3, 10, 35));
    await admin.getByTestId('import-file').setInputFiles({ name: 'roster.xlsx', mimeType: 'application/octet-stream', buffer: roster });
    await admin.getByTestId('import-submit').click();
    await visible(admin, '將匯入 1050 位學生');
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
    await admin.getByTestId('page-next').click();
    await visible(admin, '王小明2716');
    await admin.screenshot({ path: `${shots}/student-list.png` });
    await go(admin, new URL(admin.url()).pathname.replace('/client/student/lists', '/client/student/class'));
    await admin.waitForURL(/\/client\/student\/grade\/\d+$/); // no grade: back to the grades
  });

  it('deleting says what a school holds: the parent is refused while its sub-school exists; the sub-school goes', async () => {
    await go(admin, '/client/lists');
    await rowMenu(code, 'menu-delete');
    await visible(admin, '此學校有 6 個使用者帳號、1050 位學生資料');
    await visible(admin, '此學校仍有 1 個分校，必須先刪除分校。');
    expect(await admin.getByTestId('confirm-ok').count()).toBe(0);
    await admin.screenshot({ path: `${shots}/client-delete-refused.png` });
    await admin.getByTestId('confirm-cancel').click();
    await rowMenu(code, 'menu-sub-clients');
    await rowMenu(subCode, 'menu-delete');
    await visible(admin, '此學校有 0 個使用者帳號、0 位學生資料');
    await admin.getByTestId('confirm-ok').click();
    await expect.poll(() => admin.getByTestId('global-alert').textContent(), { timeout: 10_000 }).toContain('已成功刪除');
    await admin.getByTestId('global-alert-ok').click();
    await expect.poll(() => admin.getByTestId(`client-row-${subCode}`).count()).toBe(0);
  });

  it("disables the school: its teacher's open session is refused, and so is signing in", async () => {
    const teacher = await teacherContext.newPage();
    await signIn(teacher, code, 'wang', 'wang'); // imported: the password is the account
    await teacher.waitForURL(`${base}/home`);

    await go(admin, '/client/lists');
    await rowMenu(code, 'menu-disable');
    await admin.getByTestId('confirm-ok').click();
    await visible(admin, '學校已停用');
    const status = admin.getByTestId(`client-row-${code}`).getByTestId('client-status');
    await expect.poll(() => status.textContent()).toBe('停用');
    expect(await status.getAttribute('class')).toContain('text-red-600');
    await admin.screenshot({ path: `${shots}/client-disabled.png` });

    await go(teacher, '/resetpwd');
    await teacher.waitForURL(/\/login/);
    await signIn(teacher, code, 'wang', 'wang');
    await expect.poll(() => teacher.getByTestId('login-error').textContent()).toContain('學校帳號已停用');
    await teacher.screenshot({ path: `${shots}/teacher-refused.png` });
  });
});
