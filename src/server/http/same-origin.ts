import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../../core/errors/app-error';
import { cookieMayAct, signedByCookie } from './session-cookie';

/**
 * Refuses a state-changing request (anything but GET/HEAD/OPTIONS) whose Origin header names
 * another site: a page elsewhere cannot make a signed-in browser act here (OWASP CSRF Prevention,
 * "Verifying Origin with standard headers"). A request the session cookie would sign must name our
 * own origin (Lucia's rule for cookie sessions), so a cookie alone never authorises a POST without
 * one. Calls without an Origin and without the cookie (integrators, scripts) are left alone — they
 * carry their Bearer token themselves, which a foreign page cannot read.
 */
export function sameOriginMutations(send: (error: AppError, req: Request, res: Response) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (cookieMayAct(req) || (req.headers.origin === undefined && !signedByCookie(req))) return next();
    send(new AppError('FORBIDDEN', 'request.foreignOrigin'), req, res);
  };
}
