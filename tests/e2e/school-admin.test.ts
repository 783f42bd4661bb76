import type { BrowserContext, Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base, go, launchBrowser, trackCalls, rowMenu, shots, signIn, visible } from '../support/browser';

// The school screens as the system administrator uses them; teachers and rosters are in
// school-people.test.ts.
const code = `e2e${Date.now().toString(36)}`;
const subCode = `${code}s`;
let browser: Browser;
let admin: Page;
let teacherContext: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = trackCalls(await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'zh-TW' }));
  teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-TW' });
});
afterAll(() => browser?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await admin.screenshot({ path: `${shots}/failed-${ctx.task.name.slice(0, 20)}.png` });
});

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

    await rowMenu(admin, code, 'menu-sub-clients');
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
    await rowMenu(admin, code, 'menu-permission');
    await admin.waitForURL(/\/client\/permission\?client_id=\d+/);
    const group = admin.getByTestId('perm-group-all-0');
    await expect.poll(() => group.getAttribute('data-state')).toBe('checked');
    await admin.getByTestId('perm-cards.share').click();
    await expect.poll(() => group.getAttribute('data-state')).toBe('indeterminate');
    await admin.screenshot({ path: `${shots}/client-permission.png` });
    await admin.getByTestId('permission-save').click();
    await visible(admin, '儲存成功');

    await go(admin, '/client/lists');
    await rowMenu(admin, code, 'menu-cardsize');
    await admin.waitForURL(/\/client\/cardsize\/\d+/);
    await expect.poll(() => admin.getByTestId('mode-written').getAttribute('data-state')).toBe('checked');
    await admin.getByTestId('mode-written').click();
    await admin.getByTestId('size-A3').click();
    await admin.getByTestId('cardsize-save').click();
    await visible(admin, '儲存成功');
    await go(admin, new URL(admin.url()).pathname); // reload, once its calls are done
    await expect.poll(() => admin.getByTestId('mode-written').getAttribute('data-state')).toBe('unchecked');
    await admin.screenshot({ path: `${shots}/client-cardsize.png` });
  });

  it('adds a teacher from the row menu', async () => {
    await go(admin, '/client/lists');
    await rowMenu(admin, code, 'menu-add-user');
    await admin.getByTestId('teacher-name').fill('林老師');
    await admin.getByTestId('teacher-account').fill('lin');
    await admin.getByTestId('teacher-password').fill('lin12345');
    await admin.getByTestId('teacher-save').click();
    await admin.waitForURL(/\/client\/user\/lists\/\d+/);
    await expect.poll(() => admin.getByTestId('teacher-row-lin').isVisible()).toBe(true);
  });

  it('deleting says what a school holds: the parent is refused while its sub-school exists; the sub-school goes', async () => {
    await go(admin, '/client/lists');
    await rowMenu(admin, code, 'menu-delete');
    await visible(admin, '此學校有 1 個使用者帳號、0 位學生資料');
    await visible(admin, '此學校仍有 1 個分校，必須先刪除分校。');
    expect(await admin.getByTestId('confirm-ok').count()).toBe(0);
    await admin.screenshot({ path: `${shots}/client-delete-refused.png` });
    await admin.getByTestId('confirm-cancel').click();
    await rowMenu(admin, code, 'menu-sub-clients');
    await rowMenu(admin, subCode, 'menu-delete');
    await visible(admin, '此學校有 0 個使用者帳號、0 位學生資料');
    await admin.getByTestId('confirm-ok').click();
    await expect.poll(() => admin.getByTestId('global-alert').textContent(), { timeout: 10_000 }).toContain('已成功刪除');
    await admin.getByTestId('global-alert-ok').click();
    await expect.poll(() => admin.getByTestId(`client-row-${subCode}`).count()).toBe(0);
  });

  it("disables the school: its teacher's open session is refused, and so is signing in", async () => {
    const teacher = trackCalls(await teacherContext.newPage());
    await signIn(teacher, code, 'lin', 'lin12345');
    await teacher.waitForURL(`${base}/home`);

    await go(admin, '/client/lists');
    await rowMenu(admin, code, 'menu-disable');
    await admin.getByTestId('confirm-ok').click();
    await visible(admin, '學校已停用');
    const status = admin.getByTestId(`client-row-${code}`).getByTestId('client-status');
    await expect.poll(() => status.textContent()).toBe('停用');
    expect(await status.getAttribute('class')).toContain('text-red-600');
    await admin.screenshot({ path: `${shots}/client-disabled.png` });

    await go(teacher, '/resetpwd');
    await teacher.waitForURL(/\/login/);
    await signIn(teacher, code, 'lin', 'lin12345');
    await expect.poll(() => teacher.getByTestId('login-error').textContent()).toContain('學校帳號已停用');
    await teacher.screenshot({ path: `${shots}/teacher-refused.png` });
  });
});
