import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyUpload, schoolWithAdmin, signIn, trpcCall } from '../support/school-admin';
import { xlsxOf } from '../support/sheets';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const mustChange = async (token: string) => ((await trpcCall(app, 'auth.me', 'query', undefined, token)).data as { mustChangePassword: boolean }).mustChangePassword;

describe('teacher passwords (issue 14, part 7)', () => {
  it('applies the 4–16 rule on import, to a given password and to the account used as the default', async () => {
    const s = await schoolWithAdmin(app);
    const file = await xlsxOf([
      ['姓名', '帳號', '密碼'],
      ['甲', 'abc', ''], // default = account, 3 characters
      ['乙', 'okaccount', 'xyz'], // given, 3 characters
      ['丙', 'averyveryverylongaccount', ''], // default = account, 24 characters
      ['丁', 'fine1', ''],
    ]);
    const res = await legacyUpload(app, 'user', { method: 'import', action: 'users' }, { name: 't.xlsx', body: file }, s.token);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'r2.password': '未填密碼時以帳號為密碼，但帳號不符合密碼 4-16 字元的規則，請填寫密碼',
      'r3.password': '密碼必須介於4-16字元',
      'r4.password': '未填密碼時以帳號為密碼，但帳號不符合密碼 4-16 字元的規則，請填寫密碼',
    });
    const count = await app.deps.db.selectFrom('users').select('id').where('client_id', '=', s.id).where('role', '=', 'teacher').execute();
    expect(count).toHaveLength(0);
  });

  it('makes an imported teacher change the password at first sign-in, and only until it is changed', async () => {
    const s = await schoolWithAdmin(app);
    const file = await xlsxOf([['姓名', '帳號'], ['匯入老師', 'imported1']]);
    expect((await legacyUpload(app, 'user', { method: 'import', action: 'users' }, { name: 't.xlsx', body: file }, s.token)).status).toBe(200);
    const token = await signIn(app, s.code, 'imported1', 'imported1');
    expect(await mustChange(token)).toBe(true);
    const changed = await legacy(app, 'user', { method: 'renew', action: 'password', oldpassword: 'imported1', newpassword: 'mine-now' }, token);
    expect(changed.status).toBe(200);
    expect(await mustChange(token)).toBe(false);
  });

  it('makes a teacher whose password the administrator reset change it, but not one created with a password', async () => {
    const s = await schoolWithAdmin(app);
    const created = await legacy(app, 'user', { method: 'edit', action: 'info', name: '林老師', account: 'lin1', password: 'first-pass' }, s.token);
    const id = (created.body.data as { client_user_id: number }).client_user_id;
    expect(await mustChange(await signIn(app, s.code, 'lin1', 'first-pass'))).toBe(false);
    await legacy(app, 'user', { method: 'edit', action: 'info', client_user_id: id, name: '林老師', account: 'lin1', password: 'reset-pass' }, s.token);
    expect(await mustChange(await signIn(app, s.code, 'lin1', 'reset-pass'))).toBe(true);
  });

  it('refuses everything but the password change, the menu and sign-out until the password is changed, on both doors', async () => {
    const s = await schoolWithAdmin(app);
    const created = await legacy(app, 'user', { method: 'edit', action: 'info', name: '許老師', account: 'hsu1', password: 'first-pass' }, s.token);
    const id = (created.body.data as { client_user_id: number }).client_user_id;
    await legacy(app, 'user', { method: 'edit', action: 'info', client_user_id: id, name: '許老師', account: 'hsu1', password: 'reset-pass' }, s.token);
    const token = await signIn(app, s.code, 'hsu1', 'reset-pass');

    const list = await trpcCall(app, 'cards.list', 'query', {}, token);
    expect(list.status).toBe(403);
    expect(list.error?.message).toBe('請先變更密碼');
    const english = await fetch(`${app.url}/trpc/cards.list?input=%7B%7D`, { headers: { authorization: `Bearer ${token}`, 'x-locale': 'en' } });
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe('Change your password first');
    expect(await legacy(app, 'cards', { method: 'get', action: 'lists' }, token)).toMatchObject({ status: 403, body: { code: 403, message: '請先變更密碼' } });
    expect((await legacy(app, 'cards', { method: 'get', action: 'lists' }, token, { 'x-locale': 'en' })).body.message).toBe('Change your password first');
    expect((await trpcCall(app, 'cards.create', 'mutation', { title: 'x' }, token)).status).toBe(403);

    // What changing the password needs still answers.
    expect((await trpcCall(app, 'auth.me', 'query', undefined, token)).status).toBe(200);
    expect((await trpcCall(app, 'structure.menu', 'query', undefined, token)).status).toBe(200);
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, token)).status).toBe(200);
    expect((await legacy(app, 'structure', { method: 'get', action: 'menu' }, token)).status).toBe(200);
    expect((await trpcCall(app, 'auth.changePassword', 'mutation', { oldpassword: 'reset-pass', newpassword: 'mine-now1', confirm: 'mine-now1' }, token)).status).toBe(200);
    // Then the teacher's own rights decide again.
    expect((await trpcCall(app, 'cards.list', 'query', {}, token)).error?.message).not.toBe('請先變更密碼');
    expect((await legacy(app, 'cards', { method: 'get', action: 'lists' }, token)).body.message).not.toBe('請先變更密碼');
  });
});
