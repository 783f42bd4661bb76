import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPage, secondPage } from '../support/card-pages';
import { cardInfo, signedInSchool, type Signed } from '../support/card-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 15, part 3: the editor's page list deletes and moves later pages; the numbering options
// of every page follow, page 1 stays where it is, and the card becomes a draft.
let app: TestApp;
let teacher: Signed;
let stranger: Signed;

beforeAll(async () => {
  app = await startTestApp();
  [teacher, stranger] = await Promise.all([signedInSchool(app), signedInSchool(app)]);
});
afterAll(() => app.close());

const call = (body: Record<string, unknown>, who = teacher) => legacy(app, 'cards', body, who.token);
const trpc = (procedure: string, input: unknown, who = teacher) =>
  fetch(`${app.url}/trpc/cards.content.${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
    body: JSON.stringify(input),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { result?: { data: { message: string } }; error?: { message: string } } }));

/** Page n's group label and its stored question_total / page_total. */
async function pageSummary(guid: string, page: number) {
  const data = (await call({ method: 'get', action: 'card', guid, page })).body.data as { components: ReturnType<typeof secondPage> };
  const base = data.components.blocks.at(-1) as { children: { label: string }[] };
  const option = async (key: string) => (await call({ method: 'get', action: 'option', guid, code: `p${page}`, key })).body.data;
  return [base.children[0].label, await option('question_total'), await option('page_total')];
}

/** A card of four pages: 5, 3, 2 and 4 questions, labelled 一 … 四. */
async function fourPages(): Promise<{ guid: string; id: number }> {
  const guid = ((await call({ method: 'create', action: 'info', data: cardInfo('頁面排序') })).body.data as { guid: string }).guid;
  const labelled = (components: ReturnType<typeof secondPage>, label: string) => {
    const base = components.blocks.at(-1) as { children: { label: string }[] };
    base.children[0].label = label;
    return components;
  };
  const pages = [labelled(firstPage(5), '一'), labelled(secondPage(3), '二'), labelled(secondPage(2), '三'), labelled(secondPage(4), '四')];
  for (const [i, components] of pages.entries()) {
    const saved = await call({ method: 'save', action: 'card', guid, page: i + 1, options: { html: '<p>x</p>', css: '', styles: '', components, assets: [], params: { selectlist: {}, grouplist: {} } } });
    expect(saved.status).toBe(200);
  }
  const { id } = await app.deps.db.selectFrom('documents').select('id').where('guid', '=', guid).executeTakeFirstOrThrow();
  await app.deps.db.updateTable('documents').set({ status: 'converted' }).where('id', '=', id).execute();
  return { guid, id };
}

describe('page list: delete and move', () => {
  it('moves page 4 to 2 and deletes page 3: labels, question totals and page totals follow; the card is a draft', async () => {
    const { guid, id } = await fourPages();
    const moved = await trpc('movePage', { guid, kind: 'card', page: 4, to: 2 });
    expect(moved.body.result?.data.message).toBe('已移動頁面');
    expect(await Promise.all([1, 2, 3, 4].map((n) => pageSummary(guid, n)))).toEqual([
      ['一', '5', '4'],
      ['四', '9', '4'],
      ['二', '12', '4'],
      ['三', '14', '4'],
    ]);
    expect((await app.deps.db.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('draft');

    const deleted = await trpc('deletePage', { guid, kind: 'card', page: 3 });
    expect(deleted.body.result?.data.message).toBe('已刪除第 3 頁');
    expect(await Promise.all([1, 2, 3].map((n) => pageSummary(guid, n)))).toEqual([
      ['一', '5', '3'],
      ['四', '9', '3'],
      ['三', '11', '3'],
    ]);
    expect(((await call({ method: 'get', action: 'card', guid, page: 1 })).body.data as { pages: number }).pages).toBe(3);
  });

  it('refuses page 1, a page not stored, a place past the end, and another school', async () => {
    const { guid } = await fourPages();
    const first = await trpc('deletePage', { guid, kind: 'card', page: 1 });
    expect(first.status).toBe(400);
    expect(first.body.error?.message).toContain('第 1 頁（含卷頭）不可刪除或移動');
    expect((await trpc('movePage', { guid, kind: 'card', page: 3, to: 1 })).status).toBe(400);
    const missing = await trpc('deletePage', { guid, kind: 'card', page: 5 });
    expect(missing.body.error?.message).toBe('此頁尚未儲存');
    expect((await trpc('movePage', { guid, kind: 'card', page: 2, to: 5 })).body.error?.message).toBe('頁碼超出範圍');
    expect((await trpc('deletePage', { guid, kind: 'card', page: 2 }, stranger)).status).toBe(404);
    expect((await pageSummary(guid, 4))[0]).toBe('四');
  });
});
