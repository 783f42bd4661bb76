import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../../src/core/auth/session-token';
import { SESSION_COOKIE } from '../../src/server/http/session-cookie';
import { createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let school: { id: number; code: string };
let user: { account: string; password: string };
beforeAll(async () => {
  app = await startTestApp();
  school = await createSchool(app.deps.db);
  user = await createUser(app.deps.db, school.id);
});
afterAll(() => app.close());

let seq = 0;
const address = () => `198.18.230.${++seq}`;

/** The web client's sign-in (tRPC); gives the answer, its session Set-Cookie and the cookie's value. */
async function webSignIn(headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': address(), ...headers },
    body: JSON.stringify({ code: school.code, account: user.account, password: user.password }),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  return { res, set, token: set.split(';')[0].slice(SESSION_COOKIE.length + 1) };
}

const withCookie = (token: string, headers: Record<string, string> = {}) => ({ cookie: `${SESSION_COOKIE}=${token}`, ...headers });
const me = (headers: Record<string, string>) => fetch(`${app.url}/trpc/auth.me`, { headers });
const signOut = (headers: Record<string, string>) => fetch(`${app.url}/trpc/auth.signOut`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });

describe('the web session cookie (issue 14, part 8)', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, expires with the session, and the answer carries no token', async () => {
    const { res, set, token } = await webSignIn();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { data: Record<string, unknown> } }).result.data).toEqual({ name: expect.any(String) as unknown });
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; SameSite=Lax/i);
    expect(set).toMatch(/; Path=\//);
    expect(set).not.toMatch(/; Secure/i); // plain HTTP (a developer's localhost)
    const row = await app.deps.db.selectFrom('sessions').select('expires_at').where('id', '=', sessionIdOf(token)).executeTakeFirstOrThrow();
    const expires = new Date(/Expires=([^;]+)/i.exec(set)![1]).getTime();
    expect(Math.abs(expires - row.expires_at.getTime())).toBeLessThan(1_000);
  });

  it('is Secure when the request came over HTTPS through the trusted proxy', async () => {
    const { set } = await webSignIn({ 'x-forwarded-proto': 'https', origin: app.url.replace('http:', 'https:') });
    expect(set).toMatch(/; Secure/i);
  });

  it('signs tRPC reads, our own pages\' mutations and legacy calls; never a POST from another site or without an Origin', async () => {
    const { token } = await webSignIn();
    expect((await me(withCookie(token))).status).toBe(200);
    // The legacy door, as the client's downloads and uploads call it (same origin).
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, undefined, withCookie(token, { origin: app.url }))).status).toBe(200);

    const origins: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, {}];
    for (const origin of origins) {
      const refused = await signOut(withCookie(token, origin));
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('拒絕來自其他網站的請求');
      const old = await legacy(app, 'user', { method: 'renew', action: 'password', oldpassword: user.password, newpassword: 'hijacked1' }, undefined, withCookie(token, origin));
      expect(old.status).toBe(403);
    }
    expect((await me(withCookie(token))).status).toBe(200); // still signed in: nothing above acted
  });

  it('keeps Bearer tokens working on both doors, and the legacy sign-in sets no cookie', async () => {
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
      body: JSON.stringify({ code: school.code, account: user.account, password: user.password }),
    });
    expect(login.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    expect((await legacy(app, 'user', { method: 'get', action: 'user' }, token)).status).toBe(200);
    expect((await me({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('sets the cookie again when the session slides, and clears it on sign-out and for a dead session', async () => {
    const { token } = await webSignIn();
    const soon = new Date(Date.now() + 60_000); // less than half the lifetime left: the expiry slides
    await app.deps.db.updateTable('sessions').set({ expires_at: soon }).where('id', '=', sessionIdOf(token)).execute();
    const slid = await me(withCookie(token));
    const renewed = slid.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=${token}`));
    expect(renewed).toBeDefined();
    expect(new Date(/Expires=([^;]+)/i.exec(renewed!)![1]).getTime()).toBeGreaterThan(soon.getTime() + 3_600_000);

    const out = await signOut(withCookie(token, { origin: app.url }));
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    const dead = await me(withCookie(token));
    expect(dead.status).toBe(401);
    expect(dead.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  });

  it('serves the school\'s card images to the cookie session (an <img src> sends no header)', async () => {
    const { token } = await webSignIn();
    const path = `/assets/cards/${school.id}/none.png`;
    expect((await fetch(`${app.url}${path}`)).status).toBe(401);
    expect((await fetch(`${app.url}${path}`, { headers: withCookie(token) })).status).toBe(404);
  });
});
