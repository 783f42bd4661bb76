import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueDeviceCookie, readDeviceCookie } from './device-cookie';

describe('device cookies', () => {
  const secret = randomBytes(32);

  it('reads back the user a cookie was issued for', () => {
    const cookie = issueDeviceCookie(secret, 42);
    expect(readDeviceCookie(secret, cookie)).toMatchObject({ userId: 42 });
  });

  it('refuses a forged, altered or foreign cookie', () => {
    const cookie = issueDeviceCookie(secret, 42);
    expect(readDeviceCookie(secret, cookie.replace(/^42\./, '43.'))).toBeNull();
    expect(readDeviceCookie(randomBytes(32), cookie)).toBeNull();
    expect(readDeviceCookie(secret, 'garbage')).toBeNull();
    expect(readDeviceCookie(secret, undefined)).toBeNull();
  });
});
