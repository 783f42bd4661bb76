import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, launchBrowser, sessionTokenOf, shots } from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-TW' });
});
afterAll(() => browser?.close());

async function signIn(account: string, password: string) {
  await page.goto(`${base}/login/demo`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('the shell, as the demo teacher uses it', () => {
  it('guards signed-in pages and shows the school picker only without a code', async () => {
    await page.goto(`${base}/home`);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.getByTestId('login-school').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: `${shots}/login.png` });
    await page.goto(`${base}/login/demo`);
    await expect.poll(() => page.getByTestId('login-account').isVisible()).toBe(true);
    expect(await page.getByTestId('login-school').count()).toBe(0);
  });

  it('shows the validation messages and a red sign-in error that clears after 3 s', async () => {
    await page.goto(`${base}/login/demo`);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('帳號不得為空').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('密碼不得為空').isVisible()).toBe(true);
    await signIn('teacher', 'wrong-password');
    const alert = page.getByTestId('login-error');
    await expect.poll(() => alert.textContent()).toContain('帳號或密碼錯誤');
    await page.waitForTimeout(3300);
    expect(await alert.count()).toBe(0);
  });

  it('signs in, sees home and the menu, and switches to English and back', async () => {
    await signIn('teacher', 'teacher123');
    await page.waitForURL(`${base}/home`);
    await expect.poll(() => page.getByTestId('user-name').textContent(), { timeout: 10_000 }).toContain('陳老師');
    const menu = page.getByTestId('side-menu');
    await menu.getByText('卷卡管理').click(); // groups open on click
    await expect.poll(() => menu.getByText('卷卡列表').isVisible()).toBe(true);
    expect(await menu.getByText('學校列表').count()).toBe(0); // a teacher has no school administration
    expect(await page.getByTestId('app-version').textContent()).toContain('v1.0.4');
    await page.screenshot({ path: `${shots}/home.png` });

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => menu.getByText('Card list').isVisible()).toBe(true);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-tw').click();
    await expect.poll(() => menu.getByText('卷卡列表').isVisible()).toBe(true);
  });

  it('changes the password (checking the confirmation), and changes it back', async () => {
    const change = async (from: string, to: string, confirm = to) => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('change-password').click();
      await page.waitForURL(`${base}/resetpwd`);
      await page.getByTestId('password-oldpassword').fill(from);
      await page.getByTestId('password-newpassword').fill(to);
      await page.getByTestId('password-confirm').fill(confirm);
      await page.getByTestId('password-submit').click();
    };
    await change('teacher123', 'fresh-pass', 'other-pass');
    await expect.poll(() => page.getByText('兩次密碼輸入不相符').isVisible()).toBe(true);
    await page.getByTestId('password-confirm').fill('fresh-pass');
    await page.getByTestId('password-submit').click();
    await expect.poll(() => page.getByText('密碼已變更').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await change('fresh-pass', 'teacher123');
    // The form empties itself once the server has accepted the change.
    await expect.poll(() => page.getByTestId('password-oldpassword').inputValue()).toBe('');
  });

  it('shows the 403 page with a way home', async () => {
    await page.goto(`${base}/page403`);
    await expect.poll(() => page.getByTestId('back-home').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/page403.png` });
    await page.getByTestId('back-home').click();
    await expect.poll(() => page.url()).toBe(`${base}/home`);
  });

  it("signs out with 'signing out...' and lands on the login page; the old token is dead", async () => {
    const token = await sessionTokenOf(page);
    expect(token).toBeTruthy();
    expect(await page.evaluate(() => document.cookie)).not.toContain('acs_session'); // HttpOnly
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await expect.poll(() => page.getByTestId('signing-out').isVisible()).toBe(true);
    await page.waitForURL(`${base}/login/demo`); // the school's own sign-in page
    expect(await sessionTokenOf(page)).toBeUndefined(); // the server cleared the cookie
    const res = await fetch(`${base}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ method: 'get', action: 'user' }),
    });
    expect(res.status).toBe(401);
  });
});
