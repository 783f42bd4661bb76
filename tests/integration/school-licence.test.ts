import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '../../src/core/auth/licence';
import { countSessions, createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const shift = (days: number) => {
  const d = new Date(`${schoolToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function signIn(code: string, account: string, password: string) {
  return legacy(app, 'login', { code, account, password }, undefined, { 'x-forwarded-for': '203.0.113.7' });
}

describe('school licence and status', () => {
  it('a disabled school cannot sign in, and its open sessions stop working', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const token = ((await signIn(school.code, user.account, user.password)).body.data as { token: string }).token;

    await app.deps.db.updateTable('clients').set({ status: 'disabled' }).where('id', '=', school.id).execute();
    const refused = await signIn(school.code, user.account, user.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('學校帳號已停用，請洽系統管理者');

    const open = await legacy(app, 'user', { method: 'get', action: 'user' }, token);
    expect(open.status).toBe(403);
    expect(await countSessions(app.deps.db, user.id)).toBe(0);
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, token)).status).toBe(401);
  });

  it('refuses a school whose licence expired yesterday or starts tomorrow, naming the date', async () => {
    const expired = await createSchool(app.deps.db, { expiry_at: shift(-1) });
    const u1 = await createUser(app.deps.db, expired.id);
    const r1 = await signIn(expired.code, u1.account, u1.password);
    expect(r1.status).toBe(403);
    expect(r1.body.message).toBe(`學校授權已於 ${shift(-1)} 到期，請洽系統管理者`);

    const early = await createSchool(app.deps.db, { start_at: shift(1) });
    const u2 = await createUser(app.deps.db, early.id);
    const r2 = await signIn(early.code, u2.account, u2.password);
    expect(r2.status).toBe(403);
    expect(r2.body.message).toContain(shift(1));
  });

  it('accepts the last day of the licence', async () => {
    const school = await createSchool(app.deps.db, { start_at: shift(0), expiry_at: shift(0) });
    const user = await createUser(app.deps.db, school.id);
    expect((await signIn(school.code, user.account, user.password)).status).toBe(200);
  });

  it('a disabled user cannot sign in', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    await app.deps.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    const res = await signIn(school.code, user.account, user.password);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('此帳號已停用，請洽學校管理者');
  });
});
