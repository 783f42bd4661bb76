import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../../src/core/auth/session-token';
import { SESSION_LIMITS } from '../../src/shared/session-limits';
import { countSessions, createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// 198.18.0.0/15, the fixtures' range: no throttling test fails these on purpose.
let seq = 0;
const address = () => `198.19.200.${++seq}`;
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

async function signIn(code: string, account: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await legacy(app, 'login', { code, account, password }, undefined, { 'x-forwarded-for': address(), ...headers });
  if (res.status !== 200) throw new Error(res.body.message);
  return (res.body.data as { token: string }).token;
}

async function trpc<T>(path: string, token: string, method: 'GET' | 'POST' = 'GET'): Promise<{ status: number; data: T }> {
  const res = await fetch(`${app.url}/trpc/${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  const body = (await res.json()) as { result?: { data: T } };
  return { status: res.status, data: body.result?.data as T };
}

interface Summary {
  key: string;
  current: boolean;
  device: string;
  address: string;
  lastUsedAt: string;
}

describe('sessions', () => {
  it(`keeps at most ${SESSION_LIMITS.maxPerUser} live sessions per user, ending the oldest first`, async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const tokens: string[] = [];
    for (let i = 0; i < SESSION_LIMITS.maxPerUser + 5; i++) tokens.push(await signIn(school.code, user.account, user.password));
    expect(await countSessions(app.deps.db, user.id)).toBe(SESSION_LIMITS.maxPerUser);
    for (const token of tokens.slice(0, 5)) expect((await legacy(app, 'user', { method: 'get', action: 'user' }, token)).status).toBe(401);
    for (const token of tokens.slice(5)) expect((await legacy(app, 'user', { method: 'get', action: 'user' }, token)).status).toBe(200);
  });

  it("lists the caller's own sessions with device, address and last use, and signs out elsewhere", async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const other = await createUser(app.deps.db, school.id);
    const phone = await signIn(school.code, user.account, user.password, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1' });
    const desk = await signIn(school.code, user.account, user.password, { 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '198.19.201.7' });
    const elsewhere = await signIn(school.code, other.account, other.password);

    const listed = await trpc<Summary[]>('auth.sessions', desk);
    expect(listed.status).toBe(200);
    expect(listed.data).toHaveLength(2);
    expect(listed.data.find((s) => s.current)).toMatchObject({ device: 'Chrome · Windows', address: '198.19.201.7' });
    expect(listed.data.find((s) => !s.current)).toMatchObject({ device: 'Safari · iOS' });
    expect(Date.parse(listed.data[0].lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(listed.data)).not.toContain(sessionIdOf(desk)); // only a short prefix is shown

    const ended = await trpc<{ count: number; message: string }>('auth.signOutElsewhere', desk, 'POST');
    expect(ended.data).toEqual({ count: 1, message: '已登出其他 1 個裝置' });
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, phone)).status).toBe(401);
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, desk)).status).toBe(200);
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, elsewhere)).status).toBe(200); // another user's session stays
    expect((await trpc<Summary[]>('auth.sessions', desk)).data).toHaveLength(1);
  });

  it('records the last use when a request comes after the refresh interval', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const token = await signIn(school.code, user.account, user.password);
    const stale = new Date(Date.now() - (SESSION_LIMITS.touchSeconds + 60) * 1000);
    await app.deps.db.updateTable('sessions').set({ created_at: stale, last_used_at: stale }).where('id', '=', sessionIdOf(token)).execute();
    await legacy(app, 'user', { method: 'get', action: 'user' }, token);
    const row = await app.deps.db.selectFrom('sessions').select('last_used_at').where('id', '=', sessionIdOf(token)).executeTakeFirstOrThrow();
    expect(row.last_used_at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses the session list without a session', async () => {
    const res = await fetch(`${app.url}/trpc/auth.sessions`);
    expect(res.status).toBe(401);
  });
});
