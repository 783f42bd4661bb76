import type { NextFunction, Request, Response } from 'express';
import { DEVICE_COOKIE } from '../../core/auth/device-cookie';
import { AppError } from '../../core/errors/app-error';
import { closeIfUnread } from './body-judge';
import { malformedCookies } from './request-meta';
import { SESSION_COOKIE } from './session-cookie';

const OURS = [SESSION_COOKIE, DEVICE_COOKIE] as const;

/**
 * A session or device cookie whose value is not valid percent-encoding (`acs_session=%E0%A4%A`) was
 * not written by us: the request is refused with 400 in the caller's language, and the answer
 * clears that cookie, so the browser's next request goes through (signed out, or without its
 * device cookie). Other sites' cookies on the same host are none of our business and are ignored.
 */
export function refuseMalformedCookies(send: (error: AppError, req: Request, res: Response) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const bad = malformedCookies(req, OURS);
    if (bad.length === 0) return next();
    for (const name of bad) res.clearCookie(name, { path: '/' });
    closeIfUnread(req, res);
    send(new AppError('BAD_REQUEST', 'request.badCookie'), req, res);
  };
}
