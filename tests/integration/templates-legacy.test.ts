import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrintLog } from '../../src/data/repos/print-logs.repo';
import { cardInfo, legacyFile, pageOptions, signedInSchool, signInto, type Signed } from '../support/card-fixtures';
import { createSchool } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Contract tests of the templates area, the copies, the shares and the print log.
let app: TestApp;
let admin: Signed; // the school's template manager
let teacher: Signed; // a teacher of the same school
const cards = (body: Record<string, unknown>, who: Signed) => legacy(app, 'cards', body, who.token);
const templates = (body: Record<string, unknown>, who: Signed) => legacy(app, 'templates', body, who.token);
const guidOf = (res: { body: { data?: unknown } }) => (res.body.data as { guid: string }).guid;

async function template(title: string) {
  const res = await templates({ method: 'create', action: 'info', data: { title, description: '說明', mode: 'omr', size: 'A4' } }, admin);
  expect(res.body).toMatchObject({ code: 200, message: '新增成功' });
  const guid = guidOf(res);
  expect((await templates({ method: 'save', action: 'template', guid, page: 1, options: pageOptions('範本頁') }, admin)).status).toBe(200);
  return guid;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInSchool(app, 'school_admin');
  const code = (await app.deps.db.selectFrom('clients').select('code').where('id', '=', admin.schoolId).executeTakeFirstOrThrow()).code;
  teacher = await signInto(app, admin.schoolId, code, 'teacher', ['cards.view', 'cards.edit', 'cards.delete', 'cards.print', 'cards.share', 'templates.view']);
});
afterAll(() => app.close());

describe('legacy templates area', () => {
  it('create / get info / edit info / get content / get lists / delete template', async () => {
    const guid = await template('模擬考範本');
    expect((await templates({ method: 'get', action: 'info', guid }, admin)).body.data).toMatchObject({ title: '模擬考範本', description: '說明', privacy: 'client' });
    expect((await templates({ method: 'edit', action: 'info', guid, data: { title: '模擬考範本2', description: '', mode: 'omr', size: 'A4' } }, admin)).status).toBe(200);
    const content = (await templates({ method: 'get', action: 'content', guid, page: 1 }, admin)).body.data as Record<string, unknown>;
    expect(content).toMatchObject({ pages: 1, init: { w: 0, x: 0, y: 0 } });
    expect(String(content.html)).toContain('範本頁');
    const list = (await templates({ method: 'get', action: 'lists' }, admin)).body.data as { data: { guid: string; title: string }[]; per_page: number };
    expect(list.per_page).toBe(50);
    expect(list.data.find((t) => t.guid === guid)?.title).toBe('模擬考範本2');
    // A teacher may use the school's templates but not change them.
    expect((await templates({ method: 'get', action: 'content', guid, page: 1 }, teacher)).status).toBe(200);
    expect((await templates({ method: 'delete', action: 'template', guid }, teacher)).status).toBe(403);
    expect((await templates({ method: 'delete', action: 'template', guid }, admin)).body.message).toBe('已成功刪除');
  });

  it('get params and get templates: categories and grouped options', async () => {
    const guid = await template('分類範本');
    const params = (await templates({ method: 'get', action: 'params' }, teacher)).body.data as { key: string; name: string }[];
    expect(params[0]).toEqual({ key: 'omr', name: '劃記卡' });
    const grouped = (await templates({ method: 'get', action: 'templates' }, teacher)).body.data as { key: string; options: { value: string; label: string; key: string }[] }[];
    expect(grouped.find((g) => g.key === 'omr')?.options).toContainEqual({ value: guid, label: '分類範本', key: 'omr' });
  });

  it('cards get templates lists usable ones; create info with template_id deep-copies its pages', async () => {
    const tpl = await template('來源範本');
    const usable = (await cards({ method: 'get', action: 'templates' }, teacher)).body.data as { data: { guid: string }[]; per_page: number };
    expect(usable.per_page).toBe(50);
    expect(usable.data.map((t) => t.guid)).toContain(tpl);
    const card = guidOf(await cards({ method: 'create', action: 'info', data: { ...cardInfo('從範本'), mode: undefined, size: undefined, template_id: tpl } }, teacher));
    expect(String(((await cards({ method: 'get', action: 'card', guid: card, page: 1 }, teacher)).body.data as { html: string }).html)).toContain('範本頁');
    await templates({ method: 'save', action: 'template', guid: tpl, page: 1, options: pageOptions('改過') }, admin);
    expect(String(((await cards({ method: 'get', action: 'card', guid: card, page: 1 }, teacher)).body.data as { html: string }).html)).toContain('範本頁');
    expect((await cards({ method: 'delete', action: 'template', guid: tpl }, admin)).status).toBe(200);
  });

  it('copy toPrivated / toTemplate: deep copies with the spec answers', async () => {
    const card = guidOf(await cards({ method: 'create', action: 'info', data: cardInfo('原卷') }, teacher));
    await cards({ method: 'save', action: 'card', guid: card, page: 1, options: pageOptions('原題') }, teacher);
    const shared = await cards({ method: 'copy', action: 'toTemplate', guid: card, title: '校內範本' }, teacher);
    expect(shared.body).toMatchObject({ code: 200, message: '已分享為範本' });
    const mine = await cards({ method: 'copy', action: 'toPrivated', guid: guidOf(shared), title: '我的收藏' }, teacher);
    expect(mine.body.message).toBe('已加入個人收藏');
    expect((await cards({ method: 'copy', action: 'toPrivated', guid: card, title: '' }, teacher)).status).toBe(400);
    await cards({ method: 'save', action: 'card', guid: card, page: 1, options: pageOptions('改題') }, teacher);
    const copy = (await templates({ method: 'get', action: 'content', guid: guidOf(mine), page: 1 }, teacher)).body.data as { html: string };
    expect(copy.html).toContain('原題');
    // The personal copy is the teacher's alone.
    expect((await templates({ method: 'get', action: 'info', guid: guidOf(mine) }, admin)).status).toBe(404);
  });

  it('copy toShare needs the share flag; the copy lands locked in the other school; get shares / delete shares', async () => {
    const other = await signedInSchool(app);
    const card = guidOf(await cards({ method: 'create', action: 'info', data: cardInfo('分享卷') }, teacher));
    await cards({ method: 'save', action: 'card', guid: card, page: 1, options: pageOptions() }, teacher);
    const off = await cards({ method: 'copy', action: 'toShare', guid: card, title: '給你', client_id: other.schoolId }, teacher);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe('此卷卡未開放分享');
    await cards({ method: 'edit', action: 'info', guid: card, data: { ...cardInfo('分享卷'), share: 1 } }, teacher);
    const toSelf = await cards({ method: 'copy', action: 'toShare', guid: card, title: '給你', client_id: teacher.schoolId }, teacher);
    expect(toSelf.status).toBe(404);
    const disabledSchool = await createSchool(app.deps.db, { status: 'disabled' });
    expect((await cards({ method: 'copy', action: 'toShare', guid: card, title: '給你', client_id: disabledSchool.id }, teacher)).status).toBe(404);
    const ok = await cards({ method: 'copy', action: 'toShare', guid: card, title: '給你', client_id: other.schoolId }, teacher);
    expect(ok.body.message).toBe(`已分享至 ${other.schoolName}`);
    const shares = (await cards({ method: 'get', action: 'shares' }, other)).body.data as { data: Record<string, unknown>[]; per_page: number };
    expect(shares.per_page).toBe(5);
    expect(shares.data[0]).toMatchObject({ title: '給你', client_name: admin.schoolName, disabled: 1, privacy: 'client' });
    expect((await cards({ method: 'get', action: 'shares' }, teacher)).body.data).toMatchObject({ total: 0 });
    const sharedGuid = String(shares.data[0].guid);
    expect((await templates({ method: 'save', action: 'template', guid: sharedGuid, page: 1, options: pageOptions() }, other)).status).toBe(403);
    expect((await cards({ method: 'delete', action: 'shares', guid: sharedGuid }, other)).body.message).toBe('已刪除分享');
    expect((await cards({ method: 'get', action: 'shares' }, other)).body.data).toMatchObject({ total: 0 });
    expect((await cards({ method: 'get', action: 'info', guid: card }, teacher)).status).toBe(200);
  });

  it('copy toClient (cards and templates areas): a school administrator to a sub-school only', async () => {
    const sub = await createSchool(app.deps.db, { parent_id: admin.schoolId });
    const stranger = await createSchool(app.deps.db);
    const tpl = await template('給分校');
    expect((await templates({ method: 'copy', action: 'toClient', guid: tpl, client: sub.id }, admin)).body.message).toMatch(/^已複製到 /);
    expect((await cards({ method: 'copy', action: 'toClient', guid: tpl, client: sub.id }, admin)).status).toBe(200);
    expect((await templates({ method: 'copy', action: 'toClient', guid: tpl, client: stranger.id }, admin)).status).toBe(404);
    const copies = await app.deps.db.selectFrom('documents').select('title').where('client_id', '=', sub.id).execute();
    expect(copies).toHaveLength(2);
    const targets = await fetch(`${app.url}/trpc/templates.copyTargets`, { headers: { authorization: `Bearer ${admin.token}` } });
    const ids = ((await targets.json()) as { result: { data: { id: number }[] } }).result.data.map((x) => x.id);
    expect(ids).toEqual([sub.id]);
  });

  it('get logs / download log / delete log over rows the print service writes', async () => {
    const card = guidOf(await cards({ method: 'create', action: 'info', data: cardInfo('列印卷') }, teacher));
    const doc = await app.deps.db.selectFrom('documents').select('id').where('guid', '=', card).executeTakeFirstOrThrow();
    const key = `prints/${card}/101.pdf`;
    await mkdir(path.resolve(app.deps.config.STORAGE_DIR, path.dirname(key)), { recursive: true });
    await writeFile(path.resolve(app.deps.config.STORAGE_DIR, key), '%PDF-1.4 test');
    const id = await insertPrintLog(app.deps.db, { document_id: doc.id, client_id: teacher.schoolId, user_id: teacher.userId, username: '測試老師', filename: '101.pdf', class: '101', storage_key: key });
    const missing = await insertPrintLog(app.deps.db, { document_id: doc.id, client_id: teacher.schoolId, user_id: teacher.userId, filename: 'gone.pdf', storage_key: 'prints/gone.pdf' });
    const logs = (await cards({ method: 'get', action: 'logs', guid: card }, teacher)).body.data as { data: Record<string, unknown>[] };
    expect(logs.data).toHaveLength(2);
    expect(logs.data.find((l) => l.id === id)).toMatchObject({ filename: '101.pdf', class: '101', username: '測試老師' });
    const file = await legacyFile(app, 'cards', { method: 'download', action: 'log', id }, teacher.token);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/pdf');
    expect(file.body.toString()).toBe('%PDF-1.4 test');
    const gone = await legacy(app, 'cards', { method: 'download', action: 'log', id: missing }, teacher.token);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('找不到列印檔案');
    expect((await cards({ method: 'delete', action: 'log', id }, teacher)).body.message).toBe('成功!');
  });
});
