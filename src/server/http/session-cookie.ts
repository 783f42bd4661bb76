import type { Request, Response } from 'express';
import type { Actor } from '../../core/auth/actor';
import type { Deps } from '../../core/deps';
import { AppError } from '../../core/errors/app-error';
import { validateSession } from '../../core/services/auth/validate-session';
import { cookieOf, tokenOf } from './request-meta';

/**
 * The web client's session (docs/architecture.md, "Sessions"): Lucia's session cookie — the token
 * in an HttpOnly cookie the page's scripts never see, SameSite=Lax, Secure when the request came
 * over HTTPS (directly or through a TRUST_PROXY proxy's X-Forwarded-Proto), Path=/, expiring with
 * the session and set again whenever the session's expiry slides. Integrators keep sending
 * `Authorization: Bearer`, which wins over the cookie when both are present.
 */
export const SESSION_COOKIE = 'acs_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request's Origin names this very site (scheme, host and port). */
export function isOwnOrigin(req: Request): boolean {
  return req.headers.origin === `${req.protocol}://${req.get('host')}`;
}

/**
 * A cookie alone may authorise a state-changing request only when the browser says it comes from
 * our own pages (Lucia's CSRF rule: the Origin header, required for every non-GET request).
 */
export function cookieMayAct(req: Request): boolean {
  return SAFE_METHODS.has(req.method) || isOwnOrigin(req);
}

type Credential = { token: string; from: 'bearer' | 'cookie' };

/** The session the request presents: its Bearer token, else its session cookie (when that may act). */
export function credentialOf(req: Request): Credential | null {
  const bearer = tokenOf(req);
  if (bearer) return { token: bearer, from: 'bearer' };
  const cookie = cookieOf(req, SESSION_COOKIE);
  return cookie && cookieMayAct(req) ? { token: cookie, from: 'cookie' } : null;
}

/** The request carries our session cookie and no Bearer token: the cookie is what would sign it. */
export function signedByCookie(req: Request): boolean {
  return !tokenOf(req) && cookieOf(req, SESSION_COOKIE) !== undefined;
}

export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}

/** One session check per request, whoever asks first (the body judge, a tRPC batch, the legacy door). */
const checked = new WeakMap<Request, Promise<Actor>>();

/**
 * Who is calling, from the Bearer token or the session cookie. A cookie session whose expiry
 * slides gets its cookie set again; a cookie naming no live session is cleared.
 */
export function actorOf(deps: Deps, req: Request, res: Response): Promise<Actor> {
  let actor = checked.get(req);
  if (!actor) checked.set(req, (actor = validate(deps, req, res)));
  return actor;
}

async function validate(deps: Deps, req: Request, res: Response): Promise<Actor> {
  const credential = credentialOf(req);
  const fromCookie = credential?.from === 'cookie';
  try {
    return await validateSession(deps, credential?.token ?? null, (expiresAt) => {
      if (fromCookie && !res.headersSent) setSessionCookie(req, res, credential.token, expiresAt);
    });
  } catch (error) {
    if (fromCookie && error instanceof AppError && !res.headersSent) clearSessionCookie(req, res);
    throw error;
  }
}
