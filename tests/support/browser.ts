import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_ARGS } from '../../src/worker/render/browser-host';

// `npm test` starts the built app for the e2e suites and passes its address (scripts/test.ts).
export const base = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const shots = 'test-results/screens';

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(shots, { recursive: true });
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's API calls in flight, for go(); call once per page, right after opening it. */
export function trackCalls(page: Page): Page {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  const isCall = (url: string) => /\/(trpc|api)\//.test(url);
  page.on('request', (r) => isCall(r.url()) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return page;
}

/**
 * Jumps to a path once no API call of the current page is pending, so an assertion never meets
 * the previous page's data arriving late (Playwright's 'networkidle' does not reset on in-app
 * navigation).
 */
export async function go(page: Page, path: string): Promise<void> {
  await settled(page);
  await page.waitForTimeout(100); // a query that starts as the last one ends
  await settled(page);
  await page.goto(`${base}${path}`);
}

// A plain loop, not expect.poll: go() also runs in beforeAll, outside any test.
async function settled(page: Page): Promise<void> {
  const pending = inFlight.get(page);
  for (let waited = 0; pending && pending.size > 0; waited += 50) {
    if (waited > 15_000) throw new Error(`calls still pending: ${pending.size}`);
    await page.waitForTimeout(50);
  }
}

export async function signIn(page: Page, school: string, account: string, password: string): Promise<void> {
  await go(page, `/login/${school}`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The page's session token, read from its HttpOnly cookie (the page's scripts cannot). */
export async function sessionTokenOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies(base)).find((c) => c.name === 'acs_session')?.value;
}

export const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);

/** Opens a school row's dropdown on the school list and picks an item. */
export async function rowMenu(page: Page, school: string, item: string): Promise<void> {
  await page.getByTestId(`client-row-${school}`).getByRole('button').click();
  await page.getByTestId(item).click();
}

/** Setup outside the screens under test: a school made through the legacy API as the system administrator. */
export async function createSchoolByApi(code: string, name: string): Promise<number> {
  const post = async (area: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api/${area}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { data: { token: string; client_id: number } };
  };
  const { token } = (await post('login', { code: 'system', account: 'admin', password: 'admin123' })).data;
  return (await post('client', { method: 'edit', action: 'info', name, code }, token)).data.client_id;
}
