import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { base, shots } from '../support/browser';
import { closeBrowser, launch, page, signIn, visit } from '../support/card-browser';
import { ALL_CARD_PERMISSIONS, cardInfo } from '../support/card-fixtures';
import { createSchool, createUser } from '../support/fixtures';

// A conversion that timed out, as its teacher sees it: the reason in the list and in the viewer's
// alert, in the teacher's language — never the worker's English (issue 16, part 6).
let db: Db;
let guid = '';
const stamp = Date.now().toString(36);

let school: { id: number; code: string };
let user: { account: string; password: string };
beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  school = await createSchool(db, {}, ALL_CARD_PERMISSIONS);
  user = await createUser(db, school.id, { permissions: ALL_CARD_PERMISSIONS });
  await launch();
});
afterAll(async () => {
  await closeBrowser();
  await db?.destroy();
});

describe('a failed conversion, in the user\'s language', () => {
  it('shows why in the card list and in the viewer, in tw and in en', async () => {
    await signIn(school.code, user.account, user.password);
    const created = await page.evaluate(
      async (data) => (await (await fetch('/api/cards', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'create', action: 'info', data }) })).json()) as { data: { guid: string } },
      cardInfo(`逾時卷 ${stamp}`),
    );
    guid = created.data.guid;
    await db.updateTable('documents').set({ status: 'failed', pdf_error: 'timeout' }).where('guid', '=', guid).execute();
    await visit('/cards/lists');
    const failure = page.getByTestId('card-failure');
    await expect.poll(() => failure.first().textContent(), { timeout: 10_000 }).toBe('卷卡內容過多，轉存逾時，請減少頁數或內容後再試');
    await page.screenshot({ path: `${shots}/card-failed-tw.png` });

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => failure.first().textContent(), { timeout: 10_000 }).toContain('conversion timed out');
    await page.screenshot({ path: `${shots}/card-failed-en.png` });

    await visit(`/cards/preview/${guid}`);
    await expect.poll(() => page.getByRole('alertdialog').textContent(), { timeout: 10_000 }).toContain('conversion timed out');
    await page.screenshot({ path: `${shots}/card-failed-viewer-en.png` });
    expect(page.url()).toContain(base);
  });
});
