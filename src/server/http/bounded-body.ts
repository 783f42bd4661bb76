import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { JSON_MAX_DEPTH, REQUEST_BODY_MAX_BYTES } from '../../shared/request-limits';
import { AppError } from '../errors/app-error';
import { jsonDepthExceeds } from './json-depth';

const TOO_DEEP = 'json.tooDeep';

/** Runs on the raw bytes before they are parsed, so a deeply nested body never becomes objects. */
function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer): void {
  if (jsonDepthExceeds(buf, JSON_MAX_DEPTH)) throw Object.assign(new Error('JSON nested too deep'), { type: TOO_DEEP });
}

const bounds = { limit: REQUEST_BODY_MAX_BYTES, verify: refuseDeepJson };

/**
 * A JSON body within the one size rule of both doors. The legacy door gets it parsed; tRPC gets
 * the checked text (its adapter parses a string body itself, and would re-serialise an object).
 * A body over the limit is refused from its Content-Length before a byte is kept.
 */
export const legacyJsonBody: RequestHandler = express.json(bounds);
export const trpcJsonBody: RequestHandler = express.text({ ...bounds, type: 'application/json' });

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
    send(refused, req, res);
  };
}
