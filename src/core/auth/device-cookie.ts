import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's "device cookie": a browser that signed in to an account successfully gets a signed
 * token naming that account. Presented at a later sign-in, it lets the browser try on its own
 * count of failures instead of the account's, so failures from elsewhere never lock it out.
 * `<user id>.<nonce>.<HMAC-SHA256 of both>`; the nonce tells one browser's count from another's.
 */
export const DEVICE_COOKIE = 'acs_device';

export interface KnownDevice {
  userId: number;
  nonce: string;
}

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueDeviceCookie(secret: Buffer, userId: number): string {
  const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The device a cookie names, or null for anything not signed by us. */
export function readDeviceCookie(secret: Buffer, value: string | undefined): KnownDevice | null {
  const match = /^([0-9]{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const expected = Buffer.from(mac(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: Number(match[1]), nonce: match[2] };
}
