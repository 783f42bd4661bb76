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
});
