import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Where school administration meets cards: allowed modes and sizes, default templates, deletion.
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await tokenOf('system', 'admin', 'admin123');
});
afterAll(() => app.close());

async function tokenOf(code: string, account: string, password: string): Promise<string> {
  const res = await legacy(app, 'login', { code, account, password }, undefined, { 'x-forwarded-for': '192.0.2.77' });
  return (res.body.data as { token: string }).token;
}

async function schoolWithStaff() {
  const school = await createSchool(app.deps.db, {}, ['cards.view', 'cards.edit', 'templates.view', 'templates.manage']);
  const teacher = await createUser(app.deps.db, school.id, { permissions: ['cards.view', 'cards.edit', 'templates.view'] });
  const head = await createUser(app.deps.db, school.id, { role: 'school_admin' });
  return { school, teacher: await tokenOf(school.code, teacher.account, teacher.password), head: await tokenOf(school.code, head.account, head.password) };
}

const card = (mode: string, size: string) => ({ method: 'create', action: 'info', data: { title: '期中考', department: 'general', subject: 'math', mode, size } });

describe('school settings seen from the card area', () => {
  it('card creation offers and accepts only the modes and sizes the school is allowed', async () => {
    const { school, teacher } = await schoolWithStaff();
    const saved = await legacy(app, 'client', { method: 'save', action: 'data', client_id: school.id, data_mode: ['omr'], data_size: ['A4'] }, admin);
    expect(saved.status).toBe(200);

    const params = (await legacy(app, 'cards', { method: 'get', action: 'params' }, teacher)).body.data as { mode_data: { value: string }[]; size_data: { value: string }[] };
    expect(params.mode_data.map((m) => m.value)).toEqual(['omr']);
    expect(params.size_data.map((s) => s.value)).toEqual(['A4']);

    const refused = await legacy(app, 'cards', card('mixed', 'A4'), teacher);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('學校未開放此卷卡模式');
    expect((await legacy(app, 'cards', card('omr', 'A4'), teacher)).status).toBe(200);
  });

  it("a school's template shows up among its default-template choices, under its mode", async () => {
    const { school, head } = await schoolWithStaff();
    const made = await legacy(app, 'templates', { method: 'create', action: 'info', data: { title: '校內段考範本', description: '', mode: 'omr', size: 'A4' } }, head);
    expect(made.status).toBe(200);
    const params = (await legacy(app, 'client', { method: 'get', action: 'params', client_id: school.id }, admin)).body.data as {
      templates: { key: string; options: { label: string }[] }[];
    };
    expect(params.templates.find((t) => t.key === 'omr')?.options.map((o) => o.label)).toContain('校內段考範本');
  });

  it('deleting a school says how many cards it holds, and removes them with it', async () => {
    const { school, teacher } = await schoolWithStaff();
    await legacy(app, 'cards', card('omr', 'A4'), teacher);
    const preview = await fetch(`${app.url}/trpc/clients.deletePreview?input=${encodeURIComponent(JSON.stringify({ client_id: school.id }))}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const holdings = ((await preview.json()) as { result: { data: { cards: number; users: number } } }).result.data;
    expect(holdings).toMatchObject({ cards: 1, users: 2 });

    expect((await legacy(app, 'client', { method: 'delete', action: 'client', client_id: school.id }, admin)).status).toBe(200);
    const left = await app.deps.db.selectFrom('documents').select('id').where('client_id', '=', school.id).execute();
    expect(left).toEqual([]);
  });
});
