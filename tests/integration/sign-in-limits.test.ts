import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE } from '../../src/core/auth/device-cookie';
import { SIGN_IN_POLICY, failureDelayMs } from '../../src/shared/sign-in-policy';
import { createSchool, createUser } from '../support/fixtures';
import { schoolWithAdmin, trpcCall } from '../support/school-admin';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// 198.18.0.0/15, the fixtures' range; each helper call may claim a fresh address.
let seq = 0;
const address = () => `198.18.${240 + (seq >> 8)}.${++seq & 255}`;

/** Signs in through tRPC as the web client does, with an optional device cookie; gives the status and any new cookie. */
async function webSignIn(code: string, account: string, password: string, ip: string, cookie?: string) {
  const res = await fetch(`${app.url}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie: `${DEVICE_COOKIE}=${cookie}` } : {}) },
    body: JSON.stringify({ code, account, password }),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return { status: res.status, cookie: set?.split(';')[0].slice(DEVICE_COOKIE.length + 1), setCookie: set };
}

const fail = (code: string, account: string, ip = address()) => legacy(app, 'login', { code, account, password: 'wrong' }, undefined, { 'x-forwarded-for': ip });

describe('sign-in limits (issue 16, part 2)', () => {
  it('answers repeated failures progressively later before refusing', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const took: number[] = [];
    for (let i = 0; i < SIGN_IN_POLICY.perAccount; i++) {
      const started = performance.now();
      expect((await fail(school.code, user.account)).status).toBe(401);
      took.push(performance.now() - started);
    }
    for (let n = 1; n <= SIGN_IN_POLICY.perAccount; n++) expect(took[n - 1]).toBeGreaterThanOrEqual(failureDelayMs(n) - 5);
    const refused = await fail(school.code, user.account);
    expect(refused.status).toBe(429);
  });

  it('lets a browser that signed in before in although failures from elsewhere locked the account', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const first = await webSignIn(school.code, user.account, user.password, address());
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Strict/i);

    const warn = vi.spyOn(console, 'warn');
    for (let i = 0; i < SIGN_IN_POLICY.perAccount; i++) await fail(school.code, user.account);
    expect(warn.mock.calls.some(([line]) => String(line).startsWith('[sign-in lockout]') && String(line).includes(`user:${user.id}`))).toBe(true);
    warn.mockRestore();

    expect((await webSignIn(school.code, user.account, user.password, address())).status).toBe(429);
    expect((await webSignIn(school.code, user.account, user.password, address(), first.cookie)).status).toBe(200);
    // A cookie of another account, or a forged one, is no pass.
    const other = await createUser(app.deps.db, school.id);
    const otherCookie = (await webSignIn(school.code, other.account, other.password, address())).cookie;
    expect((await webSignIn(school.code, user.account, user.password, address(), otherCookie)).status).toBe(429);
    expect((await webSignIn(school.code, user.account, user.password, address(), `${user.id}.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`)).status).toBe(429);
  });

  it('gives a known browser its own count: its failures lock it, not the account', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id);
    const cookie = (await webSignIn(school.code, user.account, user.password, address())).cookie;
    for (let i = 0; i < SIGN_IN_POLICY.perDevice; i++) expect((await webSignIn(school.code, user.account, 'wrong', address(), cookie)).status).toBe(401);
    expect((await webSignIn(school.code, user.account, user.password, address(), cookie)).status).toBe(429);
    expect((await webSignIn(school.code, user.account, user.password, address())).status).toBe(200);
  });

  it('does not lock a school behind one address for a classroom of typos, and keeps an address lock to its school', async () => {
    const school = await createSchool(app.deps.db);
    const teacher = await createUser(app.deps.db, school.id);
    const nat = address();
    for (let pupil = 0; pupil < 70; pupil++) await fail(school.code, `pupil${pupil}`, nat); // 35 pupils, two typos each
    expect((await legacy(app, 'login', { code: school.code, account: teacher.account, password: teacher.password }, undefined, { 'x-forwarded-for': nat })).status).toBe(200);

    for (let i = 70; i < SIGN_IN_POLICY.perAddressSchool; i++) await fail(school.code, `pupil${i}`, nat);
    expect((await legacy(app, 'login', { code: school.code, account: teacher.account, password: teacher.password }, undefined, { 'x-forwarded-for': nat })).status).toBe(429);
    const neighbour = await createSchool(app.deps.db);
    const other = await createUser(app.deps.db, neighbour.id);
    expect((await legacy(app, 'login', { code: neighbour.code, account: other.account, password: other.password }, undefined, { 'x-forwarded-for': nat })).status).toBe(200);
  });

  it('lets the school administrator see and end a lockout, only within its school', async () => {
    const s = await schoolWithAdmin(app);
    const created = await legacy(app, 'user', { method: 'edit', action: 'info', name: '鎖老師', account: 'locked1', password: 'abcd1234' }, s.token);
    const id = (created.body.data as { client_user_id: number }).client_user_id;
    for (let i = 0; i < SIGN_IN_POLICY.perAccount; i++) await fail(s.code, 'locked1');
    expect((await legacy(app, 'login', { code: s.code, account: 'locked1', password: 'abcd1234' }, undefined, { 'x-forwarded-for': address() })).status).toBe(429);

    const list = (await trpcCall(app, 'teachers.list', 'query', {}, s.token)).data as { data: { account: string; signin_locked: boolean }[] };
    expect(list.data.find((t) => t.account === 'locked1')?.signin_locked).toBe(true);

    const stranger = await schoolWithAdmin(app);
    expect((await legacy(app, 'user', { method: 'unlock', action: 'signin', client_user_id: id }, stranger.token)).status).toBe(404);
    const unlocked = await legacy(app, 'user', { method: 'unlock', action: 'signin', client_user_id: id }, s.token);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.message).toBe('已解除「鎖老師」的登入鎖定');
    expect((await legacy(app, 'login', { code: s.code, account: 'locked1', password: 'abcd1234' }, undefined, { 'x-forwarded-for': address() })).status).toBe(200);
  });
});
