import type { Request } from 'express';
import type { Locale } from '../../shared/limits';
import { toLocale } from '../../shared/i18n/translate';
import { DEVICE_COOKIE } from '../../core/auth/device-cookie';
import type { RequestMeta } from '../../core/services/auth/sign-in';

/** `Authorization: Bearer <token>`; the legacy contract also accepts a bare token. */
export function tokenOf(req: Request): string | null {
  const header = req.headers.authorization?.trim();
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 ? token : null;
}

/** `x-locale` from our client, else the first Accept-Language, else tw. */
export function localeOf(req: Request): Locale {
  const explicit = req.headers['x-locale'];
  if (typeof explicit === 'string') return toLocale(explicit);
  const accept = req.headers['accept-language']?.split(',')[0]?.trim().toLowerCase() ?? '';
  return accept.startsWith('en') ? 'en' : 'tw';
}

export function metaOf(req: Request): RequestMeta {
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    userAgent: req.headers['user-agent'] ?? '',
    deviceCookie: cookieOf(req, DEVICE_COOKIE),
  };
}

/** Each cookie's name and raw value, as the Cookie header carries them. */
function* rawCookies(req: Request): Generator<[string, string]> {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) yield [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  }
}

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * One cookie's value from the Cookie header (no parser middleware: only a couple are read);
 * undefined when absent or not valid percent-encoding (cookie-check.ts refuses those first).
 */
export function cookieOf(req: Request, name: string): string | undefined {
  for (const [key, raw] of rawCookies(req)) if (key === name) return decoded(raw);
  return undefined;
}

/** Which of `names` the request carries with a value that is not valid percent-encoding. */
export function malformedCookies(req: Request, names: readonly string[]): string[] {
  return [...rawCookies(req)].filter(([key, raw]) => names.includes(key) && decoded(raw) === undefined).map(([key]) => key);
}
