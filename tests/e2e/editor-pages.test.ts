import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/database';
import { findOption, upsertOption, upsertPage } from '../../src/server/repos/document-pages.repo';
import { shots } from '../support/browser';
import { closeBrowser, launch, page, row, visit } from '../support/card-browser';
import { firstPage, secondPage } from '../support/card-pages';
import { openEditorAsTeacher, waitLoaded } from '../support/editor-browser';
import { insertDemoCard } from '../support/seed-card';

// Issue 15: pages of a card in the editor. Paging through a converted card without changing it
// saves nothing that changes the PDF, so the card stays 已轉存.
let db: Db;

/** A two-page card (5 + 3 questions) of the demo teacher, as the PDF worker leaves it converted. */
async function convertedCard(title: string, storedTotals: [string, string]): Promise<{ guid: string; id: number }> {
  const card = await insertDemoCard(db, title, { privacy: 'user' });
  const stored = (components: unknown) => ({ html: '<p>x</p>', css: '', styles: '', components: JSON.stringify(components), assets: '[]', params: '{"selectlist":{},"grouplist":{}}' });
  await upsertPage(db, card.id, 1, stored(firstPage(5)));
  await upsertPage(db, card.id, 2, stored(secondPage(3)));
  for (const [i, total] of storedTotals.entries()) if (total) await upsertOption(db, card.id, `p${i + 1}`, 'question_total', total);
  await db.updateTable('documents').set({ status: 'converted', pdf_key: `pdf/${card.guid}.pdf` }).where('id', '=', card.id).execute();
  return card;
}

const status = (id: number) => db.selectFrom('documents').select(['status', 'pdf_key']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('pages of a card in the editor', () => {
  it('pages through a converted card without changes: nothing saved, still 已轉存', async () => {
    const title = `翻頁測試 ${Date.now().toString(36)}`;
    const card = await convertedCard(title, ['5', '8']);
    await openEditorAsTeacher(card.guid);
    let saves = 0;
    page.on('request', (r) => void (r.url().includes('cards.content.savePage') && saves++));
    await page.getByTestId('page-next').click();
    await waitLoaded(2);
    await page.getByTestId('page-1').click();
    await waitLoaded(1);
    await page.getByTestId('page-2').click();
    await waitLoaded(2);
    expect(saves).toBe(0);
    expect(await status(card.id)).toEqual({ status: 'converted', pdf_key: `pdf/${card.guid}.pdf` });
    await visit('/cards/lists');
    await expect.poll(() => row(title).isVisible()).toBe(true);
    expect(await row(title).getByTestId('card-status').textContent()).toBe('已轉存');
    await page.screenshot({ path: `${shots}/editor-pages-still-converted.png` });
  }, 90_000);

  it('a page numbered otherwise than stored is saved on the way, and the card still stays 已轉存', async () => {
    // Page 2's question_total was never stored: it is saved when left, with the same blocks.
    const card = await convertedCard(`翻頁重編 ${Date.now().toString(36)}`, ['5', '']);
    await openEditorAsTeacher(card.guid);
    await page.getByTestId('page-2').click();
    await waitLoaded(2);
    await page.getByTestId('page-1').click();
    await waitLoaded(1);
    expect(await findOption(db, card.id, 'p2', 'question_total')).toBe('8');
    expect((await status(card.id)).status).toBe('converted');
  }, 90_000);
});
