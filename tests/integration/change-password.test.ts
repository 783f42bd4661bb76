import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSessions, createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('change password', () => {
  it('checks the rules, then changes it and ends the other sessions only', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id, { password: 'old-pass' });
    const login = async (password: string) =>
      legacy(app, 'login', { code: school.code, account: user.account, password }, undefined, { 'x-forwarded-for': '192.0.2.99' });
    const mine = ((await login('old-pass')).body.data as { token: string }).token;
    const other = ((await login('old-pass')).body.data as { token: string }).token;

    const short = await legacy(app, 'user', { method: 'renew', action: 'password', oldpassword: 'old-pass', newpassword: 'abc' }, mine);
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ newpassword: '密碼必須介於4-16字元' });
    const long = await legacy(app, 'user', { method: 'renew', action: 'password', oldpassword: 'old-pass', newpassword: 'x'.repeat(17) }, mine);
    expect(long.body.fields).toEqual({ newpassword: '密碼必須介於4-16字元' });
    const wrongOld = await legacy(app, 'user', { method: 'renew', action: 'password', oldpassword: 'nope', newpassword: 'new-pass' }, mine);
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.message).toBe('舊密碼錯誤');

    const ok = await legacy(app, 'user', { method: 'renew', action: 'password', oldpassword: 'old-pass', newpassword: 'new-pass' }, mine);
    expect(ok.body).toMatchObject({ code: 200, status: 'success', message: '密碼已變更' });
    expect(await countSessions(app.deps.db, user.id)).toBe(1);
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, mine)).status).toBe(200);
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, other)).status).toBe(401);
    expect((await login('old-pass')).status).toBe(401);
    expect((await login('new-pass')).status).toBe(200);
  });
});
