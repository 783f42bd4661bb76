import type { NextFunction, Request, Response } from 'express';
import { capFor, DEFAULT_BODY_CAP, type BodyCap } from '../../shared/body-caps';
import type { Deps } from '../../core/deps';
import { AppError } from '../../core/errors/app-error';
import { letBodyCome } from './http-server';
import { actorOf, credentialOf } from './session-cookie';

/**
 * What a door knows of a request before reading its body: whether the path names a place it
 * serves (a legacy area, tRPC procedures), and the caps of the calls the request could be.
 */
export interface Prospect {
  known: boolean;
  /** How an unknown place is named in the 404. */
  name: string;
  caps: readonly (BodyCap | undefined)[];
}

type Send = (error: AppError, req: Request, res: Response) => void;

/** The cap the judge settled for this request's body (the default when it had no cause to look further). */
export const bodyCapOf = (res: Response): BodyCap => (res.locals.bodyCap as BodyCap | undefined) ?? DEFAULT_BODY_CAP;

/**
 * An answer given before the body was read says `Connection: close`: Node then closes the socket
 * after the answer instead of reading (and discarding) the rest of a body nobody wants.
 */
export function closeIfUnread(req: Request, res: Response): void {
  if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
}

function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  if (header !== undefined) return /^\d+$/.test(header) ? Number(header) : null;
  return req.headers['transfer-encoding'] ? null : 0;
}

/**
 * Judges a request from its path and headers alone (docs/architecture.md, "Bounded requests"): an
 * unknown place is a 404; a body over the default cap (or of unknown length) is read only from a
 * signed-in caller who holds a right to one of the large calls it could be, and only up to that
 * call's cap. Everything else is answered at once, and the connection closed unread.
 */
export function judgeBeforeReading(deps: Deps, prospect: (req: Request) => Prospect, send: Send) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const refuse = (error: AppError) => {
      closeIfUnread(req, res);
      send(error, req, res);
    };
    const proceed = (cap: BodyCap) => {
      res.locals.bodyCap = cap;
      letBodyCome(req, res);
      next();
    };
    const seen = prospect(req);
    if (!seen.known) return refuse(new AppError('NOT_FOUND', 'error.unknownCall', { call: seen.name }));
    const declared = declaredLength(req);
    const tooLarge = (cap: BodyCap) => new AppError('PAYLOAD_TOO_LARGE', cap.tooLarge ?? 'error.tooLarge');
    if (declared !== null && declared <= DEFAULT_BODY_CAP.bytes) return proceed(DEFAULT_BODY_CAP);
    const large = seen.caps.filter((c): c is BodyCap => c !== undefined);
    // Unknown length: read, but only as far as the cap this caller turns out to have.
    if (large.length === 0 || !credentialOf(req)) {
      if (declared === null) return proceed(DEFAULT_BODY_CAP);
      return refuse(large.length === 0 ? tooLarge(DEFAULT_BODY_CAP) : new AppError('UNAUTHORIZED', 'auth.tokenMissing'));
    }
    let rights;
    try {
      rights = (await actorOf(deps, req, res)).permissions;
    } catch (error) {
      if (error instanceof AppError) return refuse(error);
      return next(error);
    }
    const cap = large.map((c) => capFor(c, rights)).reduce((a, b) => (b.bytes > a.bytes ? b : a), DEFAULT_BODY_CAP);
    if (declared !== null && declared > cap.bytes) return refuse(tooLarge(cap));
    proceed(cap);
  };
}
