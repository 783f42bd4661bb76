import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_BUDGET } from '../../src/shared/card/constants';
import { countPages, upsertPage } from '../../src/data/repos/document-pages.repo';
import { cardInfo, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let teacher: Signed;
beforeAll(async () => {
  app = await startTestApp();
  teacher = await signedInSchool(app, 'school_admin');
});
afterAll(() => app.close());

const filled = (chars: number) => ({ ...pageOptions(), html: `<div class="page">${'字'.repeat(chars)}</div>` });
const documentId = async (guid: string) => (await app.deps.db.selectFrom('documents').select('id').where('guid', '=', guid).executeTakeFirstOrThrow()).id;

/** A document whose pages 1–4 already hold 7.6 M characters, written straight to the table. */
async function nearlyFull(area: 'cards' | 'templates'): Promise<{ guid: string; id: number }> {
  const create = area === 'cards' ? { method: 'create', action: 'info', data: cardInfo('大卷') } : { method: 'create', action: 'info', data: { title: '大範本', description: '', mode: 'omr', size: 'A4' } };
  const guid = ((await legacy(app, area, create, teacher.token)).body.data as { guid: string }).guid;
  const id = await documentId(guid);
  const page = { html: 'x'.repeat(1_900_000), css: '', styles: '', components: '{"version":1,"blocks":[]}', assets: '[]', params: '{}' };
  for (const no of [1, 2, 3, 4]) await upsertPage(app.deps.db, id, no, page);
  return { guid, id };
}

const TOTAL_TW = /^卷卡內容總量不可超過 8,000,000 字元（儲存後為 8,1\d\d,\d{3} 字元），未儲存；請減少頁數或內容$/;

describe('the card size budget (issue 16, part 6)', () => {
  it('refuses a save past the total through legacy save card and tRPC savePage, naming the limit, storing nothing', async () => {
    expect(CARD_BUDGET.totalChars).toBe(8_000_000);
    const { guid, id } = await nearlyFull('cards');
    const old = await legacy(app, 'cards', { method: 'save', action: 'card', guid, page: 5, options: filled(500_000) }, teacher.token);
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(TOTAL_TW);
    const en = await legacy(app, 'cards', { method: 'save', action: 'card', guid, page: 5, options: filled(500_000) }, teacher.token, { 'x-locale': 'en' });
    expect(en.body.message).toMatch(/^A card holds at most 8,000,000 characters of content in all/);

    const trpc = await fetch(`${app.url}/trpc/cards.content.savePage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${teacher.token}` },
      body: JSON.stringify({ guid, kind: 'card', page: 5, options: filled(500_000) }),
    });
    expect(trpc.status).toBe(400);
    expect(((await trpc.json()) as { error: { message: string } }).error.message).toMatch(TOTAL_TW);
    expect(await countPages(app.deps.db, id)).toBe(4);

    // Replacing a big page with a small one is within the budget: the page's own old size does not count.
    expect((await legacy(app, 'cards', { method: 'save', action: 'card', guid, page: 4, options: filled(1_000) }, teacher.token)).status).toBe(200);
    expect((await legacy(app, 'cards', { method: 'save', action: 'card', guid, page: 5, options: filled(500_000) }, teacher.token)).status).toBe(200);
  });

  it('applies to legacy save template too, and names the page limit past the last page', async () => {
    const { guid, id } = await nearlyFull('templates');
    const refused = await legacy(app, 'templates', { method: 'save', action: 'template', guid, page: 5, options: filled(500_000) }, teacher.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(TOTAL_TW);
    expect(await countPages(app.deps.db, id)).toBe(4);
    const past = await legacy(app, 'cards', { method: 'save', action: 'card', guid, page: CARD_BUDGET.pages + 1, options: filled(10) }, teacher.token);
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain(`卷卡最多 ${CARD_BUDGET.pages} 頁`);
  });
});
