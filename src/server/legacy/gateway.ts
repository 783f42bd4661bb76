import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { SCAN_MAX_BYTES } from '../../shared/scan-limits';
import { translate } from '../../shared/i18n/translate';
import type { Deps } from '../deps';
import { AppError } from '../errors/app-error';
import { describeError } from '../errors/describe-error';
import { bodyErrorOf, legacyJsonBody } from '../http/bounded-body';
import { sameOriginMutations } from '../http/same-origin';
import { localeOf, metaOf } from '../http/request-meta';
import { actorOf } from '../http/session-cookie';
import { isLargeUpload, removeUpload, settleUpload, uploadStorage } from '../http/upload-storage';
import type { Actor } from '../auth/actor';
import { assertPasswordSettledForLegacy } from '../auth/forced-password';
import { LEGACY_AREAS, type LegacyAction, type LegacyAnswer, type LegacyContext } from './action';
import { findLegacyAction } from './action-table';
import { sendAnswer, sendError } from './envelope';

// The per-file bound here is the scans' (200 MB); other files are held to 2 MB by uploadStorage.
// Browsers send a file name's UTF-8 bytes without saying so: read them as UTF-8 (1年1班.pdf), not latin1.
const upload = multer({ storage: uploadStorage, limits: { fileSize: SCAN_MAX_BYTES, files: 1 }, defParamCharset: 'utf8' });

/** POST /api/<area>: parse, find the action, check the session, validate, run, answer. */
export function legacyGateway(deps: Deps): Router {
  const gateway = Router();
  gateway.post('/api/:area', sameOriginMutations((error, req, res) => sendError(res, describeError(error, localeOf(req)))), legacyJsonBody, upload.single('file'), async (req: Request, res: Response) => {
    const locale = localeOf(req);
    try {
      const area = String(req.params.area);
      const body: Record<string, unknown> = typeof req.body === 'object' && req.body !== null ? req.body : {};
      const action = (LEGACY_AREAS as readonly string[]).includes(area) ? findLegacyAction(area, body.method, body.action) : undefined;
      if (!action) {
        const call = [area, body.method, body.action].filter((v) => typeof v === 'string').join(' ');
        throw new AppError('NOT_FOUND', 'error.unknownCall', { call });
      }
      const file = await settleUpload(req.file, body);
      const ctx: LegacyContext = {
        deps,
        locale,
        meta: metaOf(req),
        file: file?.buffer ? file : undefined,
        scanFile: file?.path ? { path: file.path, originalname: file.originalname, size: file.size } : undefined,
      };
      // Who is asking is settled before what is asked, so a caller without a session learns nothing.
      const answer =
        action.auth === 'public'
          ? await action.run(ctx, validInput(action.input.safeParse(body)))
          : await runAsActor(action, ctx, await actorOf(deps, req, res), body);
      sendAnswer(res, answer, translate(locale, 'ok.success'));
    } catch (error) {
      sendError(res, describeError(error, locale));
    } finally {
      await removeUpload(req.file);
    }
  });
  // Body-parser and upload failures reach here before the route runs.
  gateway.use('/api', (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const locale = localeOf(req);
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
      return sendError(res, describeError(new AppError('PAYLOAD_TOO_LARGE', isLargeUpload(req.body) ? 'scan.tooLarge' : 'error.tooLarge'), locale));
    }
    const refused = bodyErrorOf(error);
    if (refused) return sendError(res, describeError(refused, locale));
    if (error instanceof multer.MulterError) {
      return sendError(res, describeError(new AppError('BAD_REQUEST', 'validation.invalid'), locale));
    }
    return sendError(res, describeError(error, locale));
  });
  return gateway;
}

function runAsActor(action: LegacyAction & { auth: 'session' }, ctx: LegacyContext, actor: Actor, body: unknown): Promise<LegacyAnswer> {
  assertPasswordSettledForLegacy(actor, action);
  return action.run({ ...ctx, actor }, validInput(action.input.safeParse(body)));
}

/** A missing or mistyped required field is a 400 naming the fields (describeError turns the issues into them). */
function validInput(parsed: { success: true; data: unknown } | { success: false; error: unknown }): unknown {
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}
