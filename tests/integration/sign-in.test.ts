import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../../src/core/auth/session-token';
import { SIGN_IN_POLICY } from '../../src/shared/sign-in-policy';
import { countSessions, createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// Each test claims its own client address so the per-address throttle of one never blocks another.
let addressSeq = 0;
const fromAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addressSeq}` });

describe('sign-in and sessions', () => {
  it('signs in, stores only the token digest, and the token opens the session (Bearer or bare)', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id, { name: '林老師' });
    const res = await legacy(app, 'login', { code: school.code, account: user.account, password: user.password }, undefined, fromAddress());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, status: 'success', message: '登入成功' });
    const { token } = res.body.data as { token: string };
    expect(token).toMatch(/^[a-z2-7]{32}$/); // 160 bits in base32

    const rows = await app.deps.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.id)).toEqual([sessionIdOf(token)]);
    expect(rows[0].id).not.toContain(token);

    const bearer = await legacy(app, 'user', { method: 'get', action: 'user' }, token);
    expect(bearer.body.data).toMatchObject({ name: '林老師' });
    const bare = await fetch(`${app.url}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ method: 'get', action: 'user' }),
    });
    expect(bare.status).toBe(200);
  });

  it('refuses a wrong password with 401 and the same message for an unknown account', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const wrong = await legacy(app, 'login', { code: school.code, account: user.account, password: 'nope' }, undefined, fromAddress());
    const unknown = await legacy(app, 'login', { code: school.code, account: 'ghost', password: 'nope' }, undefined, fromAddress());
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('帳號或密碼錯誤');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('signs out by deleting the session; the token then gets 401', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const { data } = (await legacy(app, 'login', { code: school.code, account: user.account, password: user.password }, undefined, fromAddress())).body;
    const token = (data as { token: string }).token;
    const out = await fetch(`${app.url}/trpc/auth.signOut`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    expect(out.status).toBe(200);
    expect(await countSessions(app.deps.db, user.id)).toBe(0);
    const after = await legacy(app, 'user', { method: 'get', action: 'user' }, token);
    expect(after.status).toBe(401);
  });

  it('expires a session, and slides the expiry when less than half its lifetime is left', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const login = async () =>
      ((await legacy(app, 'login', { code: school.code, account: user.account, password: user.password }, undefined, fromAddress())).body.data as { token: string }).token;

    const soon = await login();
    await app.deps.db.updateTable('sessions').set({ expires_at: new Date(Date.now() + 3_600_000) }).where('id', '=', sessionIdOf(soon)).execute();
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, soon)).status).toBe(200);
    const renewed = await app.deps.db.selectFrom('sessions').select('expires_at').where('id', '=', sessionIdOf(soon)).executeTakeFirstOrThrow();
    const ttl = app.deps.config.SESSION_TTL_HOURS * 3_600_000;
    expect(renewed.expires_at.getTime()).toBeGreaterThan(Date.now() + ttl - 60_000);

    const stale = await login();
    await app.deps.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', sessionIdOf(stale)).execute();
    const res = await legacy(app, 'user', { method: 'get', action: 'user' }, stale);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('登入已逾時，請重新登入');
    const left = await app.deps.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(stale)).executeTakeFirst();
    expect(left).toBeUndefined();
  });
});

describe('the school picker (clients)', () => {
  it('lists enabled schools by code and name, without a token or a body', async () => {
    const open = await createSchool(app.deps.db, { name: '開放高中' });
    const closed = await createSchool(app.deps.db, { name: '停用高中', status: 'disabled' });
    const res = await fetch(`${app.url}/api/clients`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; data: { code: string; name: string }[] };
    expect(body.code).toBe(200);
    expect(body.data).toContainEqual({ code: open.code, name: '開放高中' });
    expect(body.data.map((s) => s.code)).not.toContain(closed.code);
    expect(Object.keys(body.data[0]).sort()).toEqual(['code', 'name']);
  });
});

describe('throttling', () => {
  it('locks an account after 5 failures, even for the right password, with the minutes left', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    for (let i = 0; i < 5; i++) {
      const r = await legacy(app, 'login', { code: school.code, account: user.account, password: 'bad' }, undefined, fromAddress());
      expect(r.status).toBe(401);
    }
    const locked = await legacy(app, 'login', { code: school.code, account: user.account, password: user.password }, undefined, fromAddress());
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^此帳號登入失敗次數過多，請於 1[0-5] 分鐘後再試$/);
  });

  it(`locks an address at one school after ${SIGN_IN_POLICY.perAddressSchool} failures across accounts, leaving other addresses alone`, async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const attacker = fromAddress();
    for (let i = 0; i < SIGN_IN_POLICY.perAddressSchool; i++) {
      await legacy(app, 'login', { code: school.code, account: `guess${i}`, password: 'bad' }, undefined, attacker);
    }
    const blocked = await legacy(app, 'login', { code: school.code, account: user.account, password: user.password }, undefined, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toContain('此網路位址登入失敗次數過多');
    const elsewhere = await legacy(app, 'login', { code: school.code, account: user.account, password: user.password }, undefined, fromAddress());
    expect(elsewhere.status).toBe(200);
  });
});
