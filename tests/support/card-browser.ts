import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { base, launchBrowser } from './browser';

// The browser side of tests/e2e/cards.test.ts: one Chromium, one page per signed-in user.
let browser: Browser | undefined;
/** The current user's page (ES module live binding: it changes on every signIn). */
export let page: Page;

export async function launch(): Promise<void> {
  browser = await launchBrowser();
}

export const closeBrowser = () => browser?.close();

export async function signIn(code: string, account: string, password: string): Promise<void> {
  if (!browser) throw new Error('launch() first');
  await page?.close();
  page = await browser.newPage({ viewport: { width: 1280, height: 860 }, locale: 'zh-TW' });
  await page.goto(`${base}/login/${code}`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`${base}/home`);
  await expect.poll(() => page.getByTestId('user-name').isVisible()).toBe(true);
  await page.waitForLoadState('networkidle');
}

/**
 * A full navigation. It waits for the page's calls to finish first: the shell treats a call that
 * gets no answer (one the unloading page aborted) as a dead session and signs out.
 */
export async function visit(path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.goto(`${base}${path}`);
}

export const row = (title: string) => page.locator('[data-testid^="card-row-"]', { has: page.getByText(title, { exact: true }) });

export async function fillInfo(title: string): Promise<void> {
  await page.getByTestId('card-title').fill(title);
  await page.getByTestId('card-department').click();
  await page.getByTestId('card-department-search').fill('普通');
  await page.getByTestId('card-department-option-general').click();
  await page.getByTestId('card-subject').click();
  await page.getByTestId('card-subject-option-math').click();
}
