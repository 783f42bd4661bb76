import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors/app-error';

/**
 * Refuses a state-changing request (anything but GET/HEAD) whose Origin header names another
 * site: a page elsewhere cannot make a signed-in browser act here (OWASP CSRF Prevention, "Verifying
 * Origin with standard headers"). Calls without an Origin (integrators, scripts) are left alone —
 * they carry their Bearer token themselves, which a foreign page cannot read.
 */
export function sameOriginMutations(send: (error: AppError, req: Request, res: Response) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (req.method === 'GET' || req.method === 'HEAD' || origin === undefined) return next();
    if (origin === `${req.protocol}://${req.get('host')}`) return next();
    send(new AppError('FORBIDDEN', 'request.foreignOrigin'), req, res);
  };
}
