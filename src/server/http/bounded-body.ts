import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { JSON_MAX_DEPTH } from '../../shared/request-limits';
import { AppError } from '../../core/errors/app-error';
import { bodyCapOf, closeIfUnread } from './body-judge';
import { jsonDepthExceeds } from './json-depth';

const TOO_DEEP = 'json.tooDeep';

/**
 * Runs on the raw bytes before they are parsed, so a deeply nested body never becomes objects;
 * notes the body's size, which the legacy door holds to its call's own cap once the call is known.
 */
function verify(_req: Request, res: Response, buf: Buffer): void {
  res.locals.bodyBytes = buf.length;
  if (jsonDepthExceeds(buf, JSON_MAX_DEPTH)) throw Object.assign(new Error('JSON nested too deep'), { type: TOO_DEEP });
}

/** A parser per cap, within the cap the body judge settled for the request (body-judge.ts). */
function withinJudgedCap(make: (limit: number) => RequestHandler): RequestHandler {
  const made = new Map<number, RequestHandler>();
  return (req, res, next) => {
    const limit = bodyCapOf(res).bytes;
    let parser = made.get(limit);
    if (!parser) made.set(limit, (parser = make(limit)));
    parser(req, res, next);
  };
}

/**
 * A JSON body within its cap. The legacy door gets it parsed; tRPC gets the checked text (its
 * adapter parses a string body itself, and would re-serialise an object). A body over the cap is
 * refused from its Content-Length before a byte is kept, or at the cap when it is streamed.
 */
export const legacyJsonBody: RequestHandler = withinJudgedCap((limit) => express.json({ limit, verify }));
export const trpcJsonBody: RequestHandler = withinJudgedCap((limit) => express.text({ limit, verify, type: 'application/json' }));

/** What a body-parser failure means to the caller, or undefined when it is not one. */
export function bodyErrorOf(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status } = error as { type?: unknown; status?: unknown };
  if (type === TOO_DEEP) return new AppError('BAD_REQUEST', 'request.tooDeep');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'error.tooLarge');
  if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError('BAD_REQUEST', 'error.malformedJson');
  }
  return undefined;
}

/** An Express error handler for body failures; anything else goes on. */
export function onBodyError(send: (error: AppError, req: Request, res: Response) => void) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const refused = bodyErrorOf(error);
    if (!refused || res.headersSent) return next(error);
    closeIfUnread(req, res);
    send(refused, req, res);
  };
}
