import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('security headers', () => {
  it('puts the policy and the standard headers on pages and on both doors', async () => {
    for (const res of [
      await fetch(`${app.url}/home`),
      await fetch(`${app.url}/trpc/auth.schools`),
      await fetch(`${app.url}/api/clients`, { method: 'POST' }),
    ]) {
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'.*script-src 'self';.*frame-ancestors 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS only when the request came over HTTPS (through a trusted proxy)', async () => {
    const https = await fetch(`${app.url}/home`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses a state-changing call sent from another site, on both doors', async () => {
    const foreign = { 'content-type': 'application/json', origin: 'https://evil.example' };
    const trpc = await fetch(`${app.url}/trpc/auth.signIn`, { method: 'POST', headers: foreign, body: '{"code":"demo","account":"teacher","password":"x"}' });
    expect(trpc.status).toBe(403);
    expect(((await trpc.json()) as { error: { message: string } }).error.message).toBe('拒絕來自其他網站的請求');
    const old = await fetch(`${app.url}/api/login`, { method: 'POST', headers: foreign, body: '{"code":"demo","account":"teacher","password":"x"}' });
    expect(old.status).toBe(403);
    expect(await old.json()).toMatchObject({ code: 403, status: 'error', message: '拒絕來自其他網站的請求' });
    // Our own pages' calls (same origin) and calls without an Origin (integrators) go through.
    const own = await fetch(`${app.url}/api/clients`, { method: 'POST', headers: { origin: app.url } });
    expect(own.status).toBe(200);
    expect((await fetch(`${app.url}/api/clients`, { method: 'POST' })).status).toBe(200);
  });
});
