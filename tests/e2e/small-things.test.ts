import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOfScope } from '../../src/shared/permissions';
import { createDb, type Db } from '../../src/data/db/database';
import { insertDocument } from '../../src/data/repos/documents.repo';
import { base, go, launchBrowser, signIn, trackCalls } from '../support/browser';
import { createSchool, createUser } from '../support/fixtures';

// Issue 14 part 9, the smaller things a user meets: an unknown school code, the app's confirm
// dialog naming the item with a red button, ?page= beyond the end, wide tables on a phone.
const shots = process.env.SHOTS_DIR ?? 'test-results/screens';
const SLOW = { timeout: 15_000 };
const stamp = Date.now().toString(36);
let db: Db;
let browser: Browser;
let page: Page;
let school: { id: number; code: string; name: string; account: string; password: string };
let logged: { guid: string; logId: number };
let disabledCode: string;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const name = `小事學校 ${stamp}`;
  const s = await createSchool(db, { name }, permissionsOfScope('teacher', 'school'));
  const admin = await createUser(db, s.id, { role: 'school_admin' });
  school = { ...s, name, account: admin.account, password: admin.password };
  disabledCode = (await createSchool(db, { status: 'disabled' })).code;
  // 7 cards (5 a page: 2 pages), 20 students of 8年1班 (15 a page: 2 pages), one print log row.
  const guids: string[] = [];
  for (let i = 1; i <= 7; i++) {
    const guid = randomUUID();
    await insertDocument(db, { guid, kind: 'card', client_id: s.id, user_id: admin.id, title: `小事卷 ${i}`, mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: null });
    guids.push(guid);
  }
  const card = await db.selectFrom('documents').select('id').where('guid', '=', guids[0]).executeTakeFirstOrThrow();
  const log = await db
    .insertInto('print_logs')
    .values({ document_id: card.id, client_id: s.id, user_id: null, username: '陳老師', filename: `小事卷_8年1班_座號_${stamp}.pdf`, class: '801', storage_key: `prints/missing-${stamp}.pdf` })
    .executeTakeFirstOrThrow();
  logged = { guid: guids[0], logId: Number(log.insertId) };
  await db
    .insertInto('students')
    .values(Array.from({ length: 20 }, (_, i) => ({ client_id: s.id, grade: 8, class: 1, seat: i + 1, number: `8${stamp}${i}`.slice(0, 20), name: `學生甲乙丙丁戊${i + 1}` })))
    .execute();
  browser = await launchBrowser();
  page = trackCalls(await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'zh-TW' }));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await page.screenshot({ path: `${shots}/failed-small-${ctx.task.name.slice(0, 20)}.png` });
});

const isRed = (testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);

describe('smaller things (issue 14 part 9)', () => {
  it('/login/<unknown code> says the school does not exist and offers the picker', async () => {
    await go(page, `/login/nosuch${stamp}`);
    await expect.poll(() => page.getByTestId('login-unknown-school').textContent(), SLOW).toContain(`找不到學校代碼「nosuch${stamp}」的學校`);
    expect(await page.getByTestId('login-submit').count()).toBe(0);
    await page.screenshot({ path: `${shots}/login-unknown-school.png` });
    await page.getByTestId('login-school').click();
    await page.getByTestId('school-search').fill(school.code);
    await page.getByTestId(`school-option-${school.code}`).click();
    await page.waitForURL(`${base}/login/${school.code}`);
    await expect.poll(() => page.getByTestId('login-school-fixed').textContent(), SLOW).toContain(school.name);
    // A disabled school exists: its page keeps the form, whose sign-in says the school is disabled.
    await go(page, `/login/${disabledCode}`);
    await expect.poll(() => page.getByTestId('login-school-fixed').textContent(), SLOW).toContain(disabledCode);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('login-unknown-school').count()).toBe(0);
  });

  it('an out-of-range ?page= goes to the last page, on the card list and on the student list', async () => {
    await signIn(page, school.code, school.account, school.password);
    await page.waitForURL(`${base}/home`);
    await go(page, '/cards/lists?page=9');
    await page.waitForURL(`${base}/cards/lists?page=2`, SLOW);
    await expect.poll(() => page.getByTestId('pager-2').getAttribute('aria-current'), SLOW).toBe('page');
    await expect.poll(() => page.locator('[data-testid^="card-row-"]').count(), SLOW).toBe(2);
    await go(page, '/client/student/lists?grade=8&class=1&page=40');
    await page.waitForURL(/[?&]page=2\b/, SLOW);
    expect(page.url()).toContain('grade=8');
    await expect.poll(() => page.getByTestId('pager-summary').textContent(), SLOW).toBe('第 2 / 2 頁，共 20 筆');
  });

  it('confirms in the app dialog, naming the item, with a red button: a card delete and the print log delete', async () => {
    await go(page, '/cards/lists');
    const row = page.locator('[data-testid^="card-row-"]', { hasText: '小事卷 7' });
    await row.getByText('刪除').click();
    await expect.poll(() => page.getByTestId('confirm-item').textContent(), SLOW).toBe('小事卷 7');
    const red = await isRed('delete-ok');
    expect(red).not.toBe(await page.getByTestId('delete-cancel').evaluate((el) => getComputedStyle(el).backgroundColor));
    expect(red).toMatch(/^oklch\(0\.57|^rgb\(2[0-9]{2}, [0-9]{1,2}, /);
    await page.getByTestId('delete-cancel').click();

    await go(page, `/cards/log/${logged.guid}`);
    await page.getByTestId(`log-delete-${logged.logId}`).click();
    await expect.poll(() => page.getByTestId('confirm-item').textContent(), SLOW).toBe(`小事卷_8年1班_座號_${stamp}.pdf`);
    expect(await page.getByTestId('confirm-dialog').textContent()).toContain('確定刪除此列印紀錄？');
    expect(await isRed('confirm-ok')).toBe(red);
    await page.screenshot({ path: `${shots}/confirm-print-log.png` });
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('global-alert').textContent(), SLOW).toContain('成功');
    await page.getByTestId('global-alert-ok').click();
    await expect.poll(() => page.getByTestId(`log-row-${logged.logId}`).count(), SLOW).toBe(0);
  });

  it('a wide table scrolls inside its own box on a 375 px phone, and shows that it does', async () => {
    const phone = trackCalls(await browser.newPage({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-TW' }));
    await signIn(phone, school.code, school.account, school.password);
    await phone.waitForURL(`${base}/home`);
    await go(phone, '/client/student/lists?grade=8&class=1');
    const box = phone.getByTestId('student-table').locator('xpath=..');
    await expect.poll(() => box.evaluate((el) => el.scrollWidth > el.clientWidth + 20), SLOW).toBe(true);
    // The page itself does not scroll sideways: only the table's box does.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
    await expect.poll(() => phone.getByTestId('table-more-right').isVisible(), SLOW).toBe(true);
    await phone.screenshot({ path: `${shots}/phone-table.png` });
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => phone.getByTestId('table-more-right').count(), SLOW).toBe(0);
    await phone.screenshot({ path: `${shots}/phone-table-scrolled.png` });
    await phone.close();
  });
});
