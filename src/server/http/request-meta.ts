import type { Request } from 'express';
import type { Locale } from '../../shared/limits';
import { toLocale } from '../../shared/i18n/translate';
import { DEVICE_COOKIE } from '../auth/device-cookie';
import type { RequestMeta } from '../services/auth/sign-in';

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

/** One cookie's value from the Cookie header (no parser middleware: only a couple are read). */
export function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}
