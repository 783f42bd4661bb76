import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLATE_GUID } from '../../src/data/db/seed-templates';
import { convertSeededTemplates } from '../../src/core/services/cards/save-pdf';
import { cardInfo, pageOptions, signedInSchool, signInto, type Signed } from '../support/card-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 14 part 3: a card made from a template is the teacher's own unless the template is
// 固定格式; converting is not editing (save PDF on locked cards); a shared copy is converted and
// printed by the receiving school. No pdf worker runs here: conversions stay queued.
const prefix = `${process.env.REDIS_PREFIX}:fromtpl-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let admin: Signed; // the school's template manager
let teacher: Signed;

const cards = (body: Record<string, unknown>, who: Signed) => legacy(app, 'cards', body, who.token);
const templates = (body: Record<string, unknown>, who: Signed) => legacy(app, 'templates', body, who.token);
const guidOf = (res: { body: { data?: unknown } }) => (res.body.data as { guid: string }).guid;
const row = (guid: string) => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
const headerTitle = async (guid: string, who: Signed) => {
  const page = (await cards({ method: 'get', action: 'card', guid, page: 1 }, who)).body.data as { components: { blocks: { kind: string; title?: string }[] } };
  return page.components.blocks.find((b) => b.kind === 'header')?.title;
};
const trpc = (path: string, input: unknown, who: Signed, post = false) =>
  fetch(post ? `${app.url}/trpc/${path}` : `${app.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    method: post ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: post ? JSON.stringify(input) : undefined,
  });

async function template(title: string, fixed?: boolean | number) {
  const data = { title, description: '', mode: 'omr', size: 'A4', ...(fixed === undefined ? {} : { fixed_format: fixed }) };
  const guid = guidOf(await templates({ method: 'create', action: 'info', data }, admin));
  expect((await templates({ method: 'save', action: 'template', guid, page: 1, options: pageOptions('範本題') }, admin)).status).toBe(200);
  return guid;
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  admin = await signedInSchool(app, 'school_admin');
  const code = (await app.deps.db.selectFrom('clients').select('code').where('id', '=', admin.schoolId).executeTakeFirstOrThrow()).code;
  teacher = await signInto(app, admin.schoolId, code, 'teacher', ['cards.view', 'cards.edit', 'cards.print', 'cards.share', 'templates.view']);
});
afterAll(async () => {
  await app.deps.pdfQueue.obliterate({ force: true });
  await app.close();
});

describe('a card made from a template', () => {
  it('is editable, its header titled as the card, when the template is not 固定格式 (the seeded system template too)', async () => {
    const card = guidOf(await cards({ method: 'create', action: 'info', data: { ...cardInfo('八年級數學段考'), template_id: DEMO_TEMPLATE_GUID } }, teacher));
    expect(await row(card)).toMatchObject({ disabled: 0, fixed_format: 0 });
    expect(await headerTitle(card, teacher)).toBe('八年級數學段考');
    expect((await cards({ method: 'get', action: 'disabled', guid: card }, teacher)).body.data).toBe(0);
    expect((await cards({ method: 'save', action: 'card', guid: card, page: 1, options: pageOptions('改過的題目') }, teacher)).status).toBe(200);
    // The template itself is untouched by the card's title.
    const seeded = (await templates({ method: 'get', action: 'content', guid: DEMO_TEMPLATE_GUID, page: 1 }, teacher)).body.data as { components: { blocks: { kind: string; title?: string }[] } };
    expect(seeded.components.blocks[0].title).toBe('第一學期期中考');
  });

  it('keeps the content locked (disabled 2) when the template is 固定格式; save PDF still converts it', async () => {
    const fixed = await template('固定格式範本', true);
    expect((await templates({ method: 'get', action: 'info', guid: fixed }, admin)).body.data).toMatchObject({ fixed_format: 1 });
    const card = guidOf(await cards({ method: 'create', action: 'info', data: { ...cardInfo('固定卷'), template_id: fixed } }, teacher));
    expect(await row(card)).toMatchObject({ disabled: 2 });
    const save = await cards({ method: 'save', action: 'card', guid: card, page: 1, options: pageOptions() }, teacher);
    expect(save.status).toBe(403);
    expect(save.body.message).toBe('此卷卡已鎖定，無法編輯內容');
    // Converting is not editing: the legacy door and tRPC both queue it; the lock keeps its reason.
    expect((await cards({ method: 'save', action: 'PDF', guid: card }, teacher)).body).toMatchObject({ code: 200, message: '已開始轉存，完成後請至預覽頁輸出卷卡' });
    expect(await row(card)).toMatchObject({ status: 'converting', disabled: 2 });
    expect((await trpc('cards.savePdf', { guid: card }, teacher, true)).status).toBe(200);
    // The info stays editable.
    expect((await cards({ method: 'edit', action: 'info', guid: card, data: cardInfo('固定卷二') }, teacher)).status).toBe(200);
  });

  it('固定格式 is set and cleared by the template owner only, off by default; a bad value is refused', async () => {
    const plain = await template('一般範本');
    expect((await row(plain)).fixed_format).toBe(0);
    const edit = (data: Record<string, unknown>, who: Signed) => templates({ method: 'edit', action: 'info', guid: plain, data: { title: '一般範本', mode: 'omr', size: 'A4', ...data } }, who);
    expect((await edit({ fixed_format: 1 }, admin)).status).toBe(200);
    expect((await row(plain)).fixed_format).toBe(1);
    expect((await edit({}, admin)).status).toBe(200); // omitted: unchanged
    expect((await row(plain)).fixed_format).toBe(1);
    expect((await edit({ fixed_format: false }, admin)).status).toBe(200);
    expect((await row(plain)).fixed_format).toBe(0);
    expect((await edit({ fixed_format: 1 }, teacher)).status).toBe(403);
    expect((await edit({ fixed_format: 'yes' }, admin)).status).toBe(400);
    expect((await row(plain)).fixed_format).toBe(0);
  });
});

describe('a copy shared to another school', () => {
  it('is converted and offered for printing by a receiving teacher; another school cannot', async () => {
    const sender = await signedInSchool(app);
    const card = guidOf(await cards({ method: 'create', action: 'info', data: { ...cardInfo('分享卷'), share: 1 } }, sender));
    await cards({ method: 'save', action: 'card', guid: card, page: 1, options: pageOptions() }, sender);
    expect((await cards({ method: 'copy', action: 'toShare', guid: card, title: '他校分享', client_id: teacher.schoolId }, sender)).status).toBe(200);
    const shares = (await cards({ method: 'get', action: 'shares' }, teacher)).body.data as { data: { guid: string; disabled: number }[] };
    const copy = shares.data[0].guid;
    expect(shares.data[0].disabled).toBe(1);
    // A teacher without templates.manage converts it; it stays locked for editing.
    expect((await cards({ method: 'save', action: 'PDF', guid: copy }, teacher)).status).toBe(200);
    expect(await row(copy)).toMatchObject({ status: 'converting', disabled: 1 });
    expect((await templates({ method: 'save', action: 'template', guid: copy, page: 1, options: pageOptions() }, teacher)).status).toBe(403);
    // The print screen reads it (a template of the school), and printing waits for the conversion.
    const target = await trpc('print.target', { guid: copy }, teacher);
    expect(((await target.json()) as { result: { data: unknown } }).result.data).toMatchObject({ title: '他校分享', kind: 'template', status: 'converting' });
    const print = await trpc('print.create', { guid: copy, grade: 8, classes: [1], order: 'seat' }, teacher, true);
    expect(print.status).toBe(400);
    // The sender's school sees neither the copy nor its print screen.
    expect((await cards({ method: 'save', action: 'PDF', guid: copy }, sender)).status).toBe(404);
    expect((await trpc('print.target', { guid: copy }, sender)).status).toBe(404);
    // A template of the system is not printed as it is: a card is made from it.
    expect((await trpc('print.target', { guid: DEMO_TEMPLATE_GUID }, teacher)).status).toBe(404);
  });
});

describe('seeded templates', () => {
  it('are queued for conversion once, when never converted', async () => {
    const tpl = await template('像種子的範本');
    expect(await convertSeededTemplates(app.deps, [tpl])).toBe(1);
    expect(await row(tpl)).toMatchObject({ status: 'converting' });
    expect(await convertSeededTemplates(app.deps, [tpl])).toBe(0);
  });
});
