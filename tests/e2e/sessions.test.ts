import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, createSchoolByApi, launchBrowser, shots, signIn, trackCalls, visible } from '../support/browser';

let browser: Browser;
let page: Page;
const code = `ses${Date.now().toString(36).slice(-5)}`;

async function post(area: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: { token: string } } };
}

beforeAll(async () => {
  const clientId = await createSchoolByApi(code, '裝置測試高中');
  const admin = (await post('login', { code: 'system', account: 'admin', password: 'admin123' })).body.data.token;
  await post('user', { method: 'edit', action: 'info', name: '吳老師', account: 'wu', password: 'wu-pass1', client_id: clientId }, admin);
  browser = await launchBrowser();
  // One context, so a second tab (below) shares the browser's cookies as a real one does.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-TW' });
  page = trackCalls(await context.newPage());
});
afterAll(() => browser?.close());

describe('signed-in devices, from the account menu', () => {
  it('lists this browser and a phone, and signs the phone out', async () => {
    const phoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
    const phone = (await post('login', { code, account: 'wu', password: 'wu-pass1' }, undefined, { 'user-agent': phoneUa })).body.data.token;

    await signIn(page, code, 'wu', 'wu-pass1');
    await page.waitForURL(`${base}/home`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sessions').click();
    const dialog = page.getByTestId('sessions-dialog');
    await expect.poll(() => dialog.getByTestId('session-other').count()).toBe(1);
    expect(await dialog.getByTestId('session-current').textContent()).toContain('目前裝置');
    expect(await dialog.getByTestId('session-other').textContent()).toContain('Safari · iOS');
    await page.screenshot({ path: `${shots}/sessions-dialog.png` });

    await dialog.getByTestId('sign-out-elsewhere').click();
    await visible(page, '已登出其他 1 個裝置');
    await expect.poll(() => dialog.getByTestId('session-other').count()).toBe(0);
    await visible(page, '只有目前這個裝置登入中');
    expect(await dialog.getByTestId('sign-out-elsewhere').isDisabled()).toBe(true);
    expect((await post('user', { method: 'get', action: 'user' }, phone)).status).toBe(401);
    await page.screenshot({ path: `${shots}/sessions-dialog-after.png` });
  });

  it('signs a second tab in, and signing out in one tab signs the other out at its next navigation', async () => {
    const second = trackCalls(await page.context().newPage());
    await second.goto(`${base}/cards/lists`);
    await expect.poll(() => second.getByTestId('user-name').textContent(), { timeout: 10_000 }).toContain('吳老師');
    expect(second.url()).toBe(`${base}/cards/lists`);
    await second.screenshot({ path: `${shots}/second-tab-signed-in.png` });

    await page.keyboard.press('Escape'); // the devices dialog of the test above
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL(`${base}/login/${code}`);
    await second.goto(`${base}/home`);
    await second.waitForURL(`${base}/login/${code}`, { timeout: 10_000 });
    await expect.poll(() => second.getByTestId('login-account').isVisible()).toBe(true);
    await second.screenshot({ path: `${shots}/second-tab-signed-out.png` });
    await second.close();
  });
});
