import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, createSchoolByApi, launchBrowser, shots, signIn, trackCalls, visible } from '../support/browser';

let browser: Browser;
let page: Page;
const code = `pw${Date.now().toString(36).slice(-5)}`;

async function post(area: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { data: { token: string; client_user_id: number } };
}

beforeAll(async () => {
  const clientId = await createSchoolByApi(code, '改密碼高中');
  const admin = (await post('login', { code: 'system', account: 'admin', password: 'admin123' })).data.token;
  const made = await post('user', { method: 'edit', action: 'info', name: '周老師', account: 'chou', password: 'first-pass', client_id: clientId }, admin);
  // The administrator resets the password: the teacher must change it at the next sign-in.
  await post('user', { method: 'edit', action: 'info', client_user_id: made.data.client_user_id, name: '周老師', account: 'chou', password: 'reset-pass' }, admin);
  browser = await launchBrowser();
  page = trackCalls(await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-TW' }));
});
afterAll(() => browser?.close());

describe('a reset password is changed at first sign-in (issue 14, part 7)', () => {
  it('sends the teacher to /resetpwd until the password is changed, then lets them in', async () => {
    await signIn(page, code, 'chou', 'reset-pass');
    await page.waitForURL(`${base}/resetpwd`, { timeout: 15_000 });
    await visible(page, '你的密碼由學校管理者設定，請先變更密碼再繼續使用。');
    await page.screenshot({ path: `${shots}/forced-password.png` });
    await page.goto(`${base}/cards/lists`);
    await page.waitForURL(`${base}/resetpwd`, { timeout: 15_000 });

    await page.getByTestId('password-oldpassword').fill('reset-pass');
    await page.getByTestId('password-newpassword').fill('my-own-pass');
    await page.getByTestId('password-confirm').fill('my-own-pass');
    await page.getByTestId('password-submit').click();
    await visible(page, '密碼已變更');
    await expect.poll(() => page.getByTestId('password-must-change').count(), { timeout: 10_000 }).toBe(0);
    await page.goto(`${base}/home`);
    await page.waitForURL(`${base}/home`);
    await expect.poll(() => page.getByTestId('user-name').textContent(), { timeout: 10_000 }).toContain('周老師');
  });
});
