import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '../../src/core/auth/licence';
import { addDays } from '../../src/core/services/clients/client-status';
import { createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import { signIn, systemToken } from '../support/school-admin';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await systemToken(app);
});
afterAll(() => app.close());

const code = () => `s${Math.random().toString(36).slice(2, 10)}`;
const client = (body: Record<string, unknown>, token = admin) => legacy(app, 'client', body, token);

async function newSchool(extra: Record<string, unknown> = {}) {
  const res = await client({ method: 'edit', action: 'info', name: '新竹高中', code: code(), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { client_id: number }).client_id;
}

describe('schools (system administrator)', () => {
  it('creates a school with defaults, a sub-school under it, and lists both with their counts', async () => {
    const parent = await newSchool({ nickname: '竹中', start_at: '2026-01-01', expiry_at: '2099-12-31' });
    const info = (await client({ method: 'get', action: 'info', client_id: parent })).body.data as Record<string, unknown>;
    expect(info).toMatchObject({ max_account: 10, nickname: '竹中', start_at: '2026-01-01', status: 'normal' });
    const sub = await newSchool({ parent_id: parent, name: '新竹高中分部' });
    const top = (await client({ method: 'get', action: 'lists' })).body.data as { data: { client_id: number; sub_clients: number }[]; per_page: number };
    expect(top.per_page).toBe(15);
    const subs = (await client({ method: 'get', action: 'lists', parent_id: parent })).body.data as { data: { client_id: number; name: string }[] };
    expect(subs.data).toEqual([expect.objectContaining({ client_id: sub, name: '新竹高中分部' })]);
    // A sub-school never nests further.
    expect((await client({ method: 'edit', action: 'info', name: 'x', code: code(), parent_id: sub })).status).toBe(400);
    // Deleting the parent first is refused, naming why.
    const refused = await client({ method: 'delete', action: 'client', client_id: parent });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 個分校');
  });

  it('refuses a duplicate code (409), a start after the expiry (400), and keeps the code on edit', async () => {
    const c = code();
    await newSchool({ code: c });
    expect((await client({ method: 'edit', action: 'info', name: 'x', code: c })).status).toBe(409);
    const bad = await client({ method: 'edit', action: 'info', name: 'x', code: code(), start_at: '2026-05-01', expiry_at: '2026-04-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('開始日期不得晚於到期日期');
    const id = await newSchool({ code: c.toUpperCase() + 'x' });
    await client({ method: 'edit', action: 'info', client_id: id, name: '改名', code: 'changed' });
    expect(((await client({ method: 'get', action: 'info', client_id: id })).body.data as { code: string }).code).toBe(c.toUpperCase() + 'x');
  });

  it('extends the licence from the expiry date, or from today when it lapsed', async () => {
    const id = await newSchool({ expiry_at: '2099-01-01' });
    const res = await client({ method: 'add', action: 'expirytime', client_id: id, days: 31 });
    expect((res.body.data as { expiry_at: string }).expiry_at).toBe('2099-02-01');
    const lapsed = await newSchool({ expiry_at: '2020-01-01' });
    const again = await client({ method: 'add', action: 'expirytime', client_id: lapsed, days: 0 });
    expect((again.body.data as { expiry_at: string }).expiry_at).toBe(schoolToday());
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  });

  it("disabling a school ends its teacher's session at once and refuses sign-in with 403; enabling restores", async () => {
    const c = code();
    const id = await newSchool({ code: c });
    const t = await createUser(app.deps.db, id, { permissions: ['cards.view'] });
    const token = await signIn(app, c, t.account, t.password);
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, token)).status).toBe(200);
    expect((await client({ method: 'to', action: 'freeze', client_id: id })).status).toBe(200);
    const refused = await legacy(app, 'user', { method: 'get', action: 'user' }, token);
    expect(refused.status).toBe(401); // the session is gone: disabling deleted it
    const signin = await legacy(app, 'login', { code: c, account: t.account, password: t.password }, undefined, { 'x-forwarded-for': '203.0.113.251' });
    expect(signin.status).toBe(403);
    expect(signin.body.message).toBe('學校帳號已停用，請洽系統管理者');
    await client({ method: 'to', action: 'normal', client_id: id });
    expect((await legacy(app, 'login', { code: c, account: t.account, password: t.password }, undefined, { 'x-forwarded-for': '203.0.113.252' })).status).toBe(200);
  });

  it('deletes a school with its teachers and students, leaving no rows behind', async () => {
    const id = await newSchool();
    await createUser(app.deps.db, id, { permissions: ['cards.view'] });
    await app.deps.db.insertInto('students').values({ client_id: id, grade: 1, class: 1, seat: 1, number: 'x1', name: '甲' }).execute();
    const { trpcCall } = await import('../support/school-admin');
    const preview = await trpcCall(app, 'clients.deletePreview', 'query', { client_id: id }, admin);
    expect(preview.data).toMatchObject({ users: 1, students: 1, sub_clients: 0 });
    expect((await client({ method: 'delete', action: 'client', client_id: id })).status).toBe(200);
    const db = app.deps.db;
    for (const table of ['users', 'students', 'client_permissions', 'client_default_permissions', 'client_settings'] as const) {
      const left = await db.selectFrom(table).select('client_id').where('client_id', '=', id).execute();
      expect(left, table).toEqual([]);
    }
  });

  it('keeps card modes and sizes per school and refuses values outside the catalogue', async () => {
    const id = await newSchool();
    expect((await client({ method: 'save', action: 'data', client_id: id, data_mode: ['omr'], data_size: ['A4', 'B4'] })).status).toBe(200);
    const data = (await client({ method: 'get', action: 'data', client_id: id })).body.data as Record<string, unknown>;
    expect(data).toMatchObject({ data_mode: ['omr'], data_size: ['A4', 'B4'] });
    expect((await client({ method: 'save', action: 'data', client_id: id, data_mode: ['huge'], data_size: ['A4'] })).status).toBe(400);
    expect((await client({ method: 'save', action: 'data', client_id: id, data_mode: [], data_size: ['A4'] })).status).toBe(400);
  });

  it('keeps default templates per category (Vcards): a usable template of that category, or none', async () => {
    const id = await newSchool();
    // The system school's templates are system-wide: every school may use them.
    const made = await legacy(app, 'templates', { method: 'create', action: 'info', data: { title: '全校段考', description: '', mode: 'omr', size: 'A4' } }, admin);
    const guid = (made.body.data as { guid: string }).guid;
    const save = await client({ method: 'save', action: 'setting', client_id: id, options: { Vcards: [{ key: 'omr', value: guid }, { key: 'mixed', value: '' }] } });
    expect(save.status).toBe(200);
    expect((await client({ method: 'get', action: 'setting', client_id: id })).body.data).toMatchObject({ Vcards: [{ key: 'omr', value: guid }, { key: 'mixed', value: '' }] });
    expect((await client({ method: 'save', action: 'setting', client_id: id, options: { Vcards: [{ key: 'nope', value: 'x' }] } })).status).toBe(400);
    // A template of another category, or one that does not exist, is refused and nothing changes.
    const wrongMode = await client({ method: 'save', action: 'setting', client_id: id, options: { Vcards: [{ key: 'mixed', value: guid }] } });
    expect(wrongMode.status).toBe(400);
    expect(wrongMode.body.message).toContain('預設範本不存在，或不屬於此類別與學校');
    expect((await client({ method: 'save', action: 'setting', client_id: id, options: { Vcards: [{ key: 'omr', value: 'tpl-1' }] } })).status).toBe(400);
    expect((await client({ method: 'get', action: 'setting', client_id: id })).body.data).toMatchObject({ Vcards: [{ key: 'omr', value: guid }, { key: 'mixed', value: '' }] });
    const system = await legacy(app, 'system', { method: 'save', action: 'settings', options: { Vcards: [{ key: 'mixed', value: '' }] } }, admin);
    expect(system.status).toBe(200);
  });
});
