import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../src/shared/permissions';
import { createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function tokenFor(role: 'teacher' | 'school_admin' | 'system_admin', permissions: Permission[] = []) {
  const school = await createSchool(app.deps.db, {}, ['cards.view', 'cards.edit', 'templates.view', 'users.manage', 'students.manage']);
  const user = await createUser(app.deps.db, school.id, { role, permissions });
  const res = await legacy(app, 'login', { code: school.code, account: user.account, password: user.password }, undefined, { 'x-forwarded-for': '192.0.2.50' });
  return (res.body.data as { token: string }).token;
}

type Menu = { name: string; redirect: string; children: { redirect: string }[] }[];
const redirects = (menu: Menu) => menu.flatMap((m) => [m.redirect, ...m.children.map((c) => c.redirect)]);

describe('permissions gate the menu and the actions', () => {
  it("a teacher's menu holds only what is both granted and allowed to the school", async () => {
    // cards.share is granted but the school is not allowed it; cards.delete is allowed but not granted.
    const token = await tokenFor('teacher', ['cards.view', 'cards.share']);
    const menu = (await legacy(app, 'structure', { method: 'get', action: 'menu', type: 'menu' }, token)).body.data as Menu;
    const links = redirects(menu);
    expect(links).toContain('/home');
    expect(links).toContain('/cards/lists');
    expect(links).not.toContain('/cards/shares');
    expect(links).not.toContain('/cards/create');
    expect(links).not.toContain('/client/user/lists');
    expect(menu.find((m) => m.redirect === '/client')).toBeUndefined(); // emptied parents drop out
  });

  it('a school administrator gets every school-scope permission its school is allowed, no system ones', async () => {
    const token = await tokenFor('school_admin');
    const links = redirects((await legacy(app, 'structure', { method: 'get', action: 'menu' }, token)).body.data as Menu);
    expect(links).toEqual(expect.arrayContaining(['/client/user/lists', '/client/student/grade', '/cards/lists']));
    expect(links).not.toContain('/client/lists');
    expect(links).not.toContain('/system/setting');
  });

  it('the system administrator sees the school list and system settings', async () => {
    const token = await tokenFor('system_admin');
    const links = redirects((await legacy(app, 'structure', { method: 'get', action: 'menu' }, token)).body.data as Menu);
    expect(links).toEqual(expect.arrayContaining(['/client/lists', '/system/setting', '/client/user/lists']));
  });

  it('menu names follow the caller language', async () => {
    const token = await tokenFor('teacher', ['cards.view']);
    const tw = (await legacy(app, 'structure', { method: 'get', action: 'menu' }, token)).body.data as Menu;
    const en = (await legacy(app, 'structure', { method: 'get', action: 'menu' }, token, { 'x-locale': 'en' })).body.data as Menu;
    expect(tw[0].name).toBe('首頁');
    expect(en[0].name).toBe('Home');
  });

  it('a failed permission check answers 403 on both doors, naming the permission', async () => {
    const teacher = await tokenFor('teacher', ['cards.view']);
    const viaLegacy = await legacy(app, 'permission', { method: 'get', action: 'permissions' }, teacher);
    expect(viaLegacy.status).toBe(403);
    expect(viaLegacy.body.message).toBe('沒有「管理教師」的權限');
    const viaTrpc = await fetch(`${app.url}/trpc/permission.catalogue`, { headers: { authorization: `Bearer ${teacher}` } });
    expect(viaTrpc.status).toBe(403);

    const admin = await tokenFor('school_admin');
    const allowed = await legacy(app, 'permission', { method: 'get', action: 'permissions' }, admin);
    expect(allowed.status).toBe(200);
    const groups = allowed.body.data as { name: string; children: { permission: string }[] }[];
    expect(groups.flatMap((g) => g.children.map((c) => c.permission))).not.toContain('system.clients');
  });
});
