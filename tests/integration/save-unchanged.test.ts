import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardInfo, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 15, part 4: a save of the content already stored (same content digest) keeps the
// document's status and PDF, through `save card` and `save template` alike; a change does not.
let app: TestApp;
let admin: Signed;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInSchool(app, 'school_admin');
});
afterAll(() => app.close());

const documentRow = (guid: string) =>
  app.deps.db.selectFrom('documents').select(['status', 'pdf_key', 'geometry_key']).where('guid', '=', guid).executeTakeFirstOrThrow();

/** As the pdf worker leaves a converted document (the files themselves are not needed here). */
const markConverted = (guid: string) =>
  app.deps.db.updateTable('documents').set({ status: 'converted', pdf_key: `pdf/${guid}.pdf`, geometry_key: `pdf/${guid}.json` }).where('guid', '=', guid).execute();

const cases = [
  { area: 'cards', action: 'card', create: (title: string) => ({ data: cardInfo(title) }) },
  { area: 'templates', action: 'template', create: (title: string) => ({ data: { title, description: '說明', mode: 'omr', size: 'A4' } }) },
] as const;

describe.each(cases)('legacy save $action with unchanged content', ({ area, action, create }) => {
  const call = (body: Record<string, unknown>) => legacy(app, area, body, admin.token);
  const save = (guid: string, page: number, options: Record<string, unknown>) => call({ method: 'save', action, guid, page, options });

  it('keeps the status and the PDF; changed content, a new page or changed images make it a draft', async () => {
    const created = await call({ method: 'create', action: 'info', ...create('期中考') });
    const guid = (created.body.data as { guid: string }).guid;
    expect((await save(guid, 1, pageOptions())).status).toBe(200);
    await markConverted(guid);

    // The same blocks and images: html, css and measured params may differ (another renumbering, another browser).
    const same = { ...pageOptions(), html: '<div>重新產生的標記</div>', params: { selectlist: {}, grouplist: {} } };
    expect((await save(guid, 1, same)).body).toMatchObject({ code: 200, message: '儲存成功' });
    expect(await documentRow(guid)).toEqual({ status: 'converted', pdf_key: `pdf/${guid}.pdf`, geometry_key: `pdf/${guid}.json` });
    // The newer markup is still stored.
    expect((await call({ method: 'get', action: action === 'card' ? 'card' : 'content', guid, page: 1 })).body.data).toMatchObject({ html: '<div>重新產生的標記</div>' });

    expect((await save(guid, 1, pageOptions('第二大題'))).status).toBe(200);
    expect((await documentRow(guid)).status).toBe('draft');

    await markConverted(guid);
    expect((await save(guid, 2, pageOptions('第二大題'))).status).toBe(200);
    expect((await documentRow(guid)).status).toBe('draft');

    await markConverted(guid);
    const withImage = { ...pageOptions('第二大題'), assets: [{ id: 'a1', name: 'x.png', type: 'png', src: 'data:image/png;base64,AAAA', width: 1, height: 1 }] };
    expect((await save(guid, 2, withImage)).status).toBe(200);
    expect((await documentRow(guid)).status).toBe('draft');
  });
});
