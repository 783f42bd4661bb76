import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardInfo, legacyFile, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// One contract test per cards action: the request as integrators send it, the answer's shape.
let app: TestApp;
let teacher: Signed;

const call = (body: Record<string, unknown>, who: Signed = teacher) => legacy(app, 'cards', body, who.token);

async function newCard(title = '期中考數學') {
  const res = await call({ method: 'create', action: 'info', data: cardInfo(title) });
  expect(res.status).toBe(200);
  return (res.body.data as { guid: string }).guid;
}

beforeAll(async () => {
  app = await startTestApp();
  teacher = await signedInSchool(app);

});
afterAll(() => app.close());

describe('legacy cards area', () => {
  it('get params: departments, subjects and the allowed modes and sizes', async () => {
    const res = await call({ method: 'get', action: 'params' });
    const data = res.body.data as Record<string, { value: string; label: string }[]>;
    expect(res.body).toMatchObject({ code: 200, status: 'success' });
    expect(data.mode_data[0]).toEqual({ value: 'omr', label: '劃記卡' });
    expect(data.size_data.map((s) => s.value)).toContain('A4');
    expect(data.subject_data.map((s) => s.label)).toContain('國文');
    expect(data.department_data.map((s) => s.label)).toContain('普通科');
  });

  it('create info / get info / edit info', async () => {
    const guid = await newCard('段考一');
    const info = await call({ method: 'get', action: 'info', guid });
    expect(info.body.data).toMatchObject({ title: '段考一', share: 0, mode: 'omr', size: 'A4', Dep_Name: '普通科', Sub_Name: '數學', disabled: 0 });
    const edited = await call({ method: 'edit', action: 'info', guid, data: { ...cardInfo('段考一改'), share: 1 } });
    expect(edited.body).toMatchObject({ code: 200, message: '修改成功' });
    expect((await call({ method: 'get', action: 'info', guid })).body.data).toMatchObject({ title: '段考一改', share: 1 });
    const modeChange = await call({ method: 'edit', action: 'info', guid, data: { ...cardInfo('x'), mode: 'mixed' } });
    expect(modeChange.status).toBe(400);
  });

  it('create info refuses missing fields with the spec messages', async () => {
    const res = await call({ method: 'create', action: 'info', data: { title: '', department: 'general', subject: 'math' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ 'data.title': '請輸入卷卡名稱' });
    const noMode = await call({ method: 'create', action: 'info', data: { title: 't', department: 'general', subject: 'math' } });
    expect(noMode.status).toBe(400);
    expect(noMode.body.message).toBe('請選擇卷卡模式');
  });

  it('get lists: the list shape, 5 per page by default, sorted by title on request', async () => {
    const school = await signedInSchool(app);
    for (const t of ['丙', '甲', '乙', '丁', '戊', '己']) await call({ method: 'create', action: 'info', data: cardInfo(t) }, school);
    const first = await call({ method: 'get', action: 'lists', page: 1 }, school);
    const page = first.body.data as { data: { title: string; Dep_Name: string; created_at: string }[]; total: number; per_page: number; current_page: number; last_page: number };
    expect(page).toMatchObject({ total: 6, per_page: 5, current_page: 1, last_page: 2 });
    expect(page.data).toHaveLength(5);
    expect(page.data[0]).toMatchObject({ title: '己', Dep_Name: '普通科', privacy: 'user', status: 'draft', disabled: 0 });
    expect(page.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const sorted = await call({ method: 'get', action: 'lists', limit: 10, sort: 'title', order: 'asc' }, school);
    expect((sorted.body.data as { data: { title: string }[] }).data.map((r) => r.title)).toEqual(['丁', '丙', '乙', '己', '戊', '甲'].sort());
  });

  it('save card / get card: validated, sanitised, paged; empty html refused', async () => {
    const guid = await newCard();
    const saved = await call({ method: 'save', action: 'card', guid, page: 1, options: { ...pageOptions(), html: '<p onclick="x()">題目</p><script>alert(1)</script>' } });
    expect(saved.body).toMatchObject({ code: 200, status: 'success', message: '儲存成功' });
    const got = await call({ method: 'get', action: 'card', guid, page: 1 });
    const data = got.body.data as Record<string, unknown>;
    expect(data).toMatchObject({ html: '<p>題目</p>', pages: 1, init: { w: 0, x: 0, y: 0 }, name: teacher.schoolName });
    expect(data.components).toMatchObject({ version: 1, blocks: [{ kind: 'header' }, { kind: 'firstBase', height: 527 }] });
    expect((await call({ method: 'get', action: 'card', guid, page: 2 })).body.data).toMatchObject({ html: '', pages: 1 });

    const empty = await call({ method: 'save', action: 'card', guid, page: 1, options: { ...pageOptions(), html: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('儲存內容不得為空');
    const badBlock = await call({ method: 'save', action: 'card', guid, page: 1, options: { ...pageOptions(), components: { version: 1, blocks: [{ id: 'x', kind: 'marquee' }] } } });
    expect(badBlock.status).toBe(400);
    const gap = await call({ method: 'save', action: 'card', guid, page: 3, options: pageOptions() });
    expect(gap.status).toBe(400);
  });

  it('save option / get option keyed by page code', async () => {
    const guid = await newCard();
    expect((await call({ method: 'get', action: 'option', guid, code: 'p1', key: 'question_total' })).body.data).toBe('');
    expect((await call({ method: 'save', action: 'option', guid, code: 'p1', key: 'question_total', value: 25 })).status).toBe(200);
    expect((await call({ method: 'get', action: 'option', guid, code: 'p1', key: 'question_total' })).body.data).toBe('25');
    expect((await call({ method: 'get', action: 'option', guid, code: 'x1', key: 'question_total' })).status).toBe(400);
  });

  it('get disabled and get backup (a JSON file of every page)', async () => {
    const guid = await newCard('備份卷');
    await call({ method: 'save', action: 'card', guid, page: 1, options: pageOptions('一') });
    await call({ method: 'save', action: 'card', guid, page: 2, options: pageOptions('二') });
    expect((await call({ method: 'get', action: 'disabled', guid })).body.data).toBe(0);
    const file = await legacyFile(app, 'cards', { method: 'get', action: 'backup', guid }, teacher.token);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/json');
    expect(file.disposition).toContain('attachment');
    const backup = JSON.parse(file.body.toString()) as { pages: { page: number }[] };
    expect(backup).toMatchObject({ format: 'answer-card-studio/backup', version: 1, title: '備份卷' });
    expect(backup.pages.map((p) => p.page)).toEqual([1, 2]);
  });

  it('delete card', async () => {
    const guid = await newCard();
    expect((await call({ method: 'delete', action: 'card', guid })).body).toMatchObject({ code: 200, message: '已成功刪除' });
    expect((await call({ method: 'get', action: 'info', guid })).status).toBe(404);
  });
});

describe('backup restore (tRPC)', () => {
  it('takes a backup file back: pages replaced, validated like a save', async () => {
    const guid = await newCard('還原卷');
    await call({ method: 'save', action: 'card', guid, page: 1, options: pageOptions('原本') });
    const file = await legacyFile(app, 'cards', { method: 'get', action: 'backup', guid }, teacher.token);
    const backup = JSON.parse(file.body.toString()) as { pages: Record<string, unknown>[] };
    await call({ method: 'save', action: 'card', guid, page: 1, options: pageOptions('改掉') });
    await call({ method: 'save', action: 'card', guid, page: 2, options: pageOptions('多的') });
    const restore = (body: unknown) =>
      fetch(`${app.url}/trpc/cards.content.restoreBackup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${teacher.token}` },
        body: JSON.stringify({ guid, kind: 'card', backup: body }),
      });
    const hostile = { ...backup, pages: [{ ...backup.pages[0], html: '<p>x</p><img src="http://169.254.169.254/x">' }] };
    expect((await restore({ ...backup, pages: [{ ...backup.pages[0], components: { version: 1, blocks: [{ id: 'x', kind: 'nope' }] } }] })).status).toBe(400);
    expect((await restore(hostile)).status).toBe(200);
    expect(((await call({ method: 'get', action: 'card', guid, page: 1 })).body.data as { html: string }).html).toBe('<p>x</p><img />');
    expect((await restore(backup)).status).toBe(200);
    const page1 = (await call({ method: 'get', action: 'card', guid, page: 1 })).body.data as { html: string; pages: number };
    expect(page1.html).toContain('原本');
    expect(page1.pages).toBe(1);
  });
});
