import { Router, type NextFunction, type Request, type Response } from 'express';
import { translate } from '../../shared/i18n/translate';
import type { Deps } from '../../core/deps';
import { describeError } from '../../core/errors/describe-error';
import { bodyErrorOf, legacyJsonBody } from '../http/bounded-body';
import { closeIfUnread, judgeBeforeReading } from '../http/body-judge';
import { sameOriginMutations } from '../http/same-origin';
import { localeOf, metaOf } from '../http/request-meta';
import { actorOf } from '../http/session-cookie';
import { removeUpload } from '../http/upload-storage';
import type { Actor } from '../../core/auth/actor';
import { assertPasswordSettledForLegacy } from '../auth/forced-password';
import type { LegacyAction, LegacyAnswer, LegacyContext } from './action';
import { findLegacyAction } from './action-table';
import { sendAnswer, sendError } from './envelope';
import { assertWithinCap, filesFor, legacyProspect, readLegacyBody, unknownCall } from './legacy-body';
import type { Form } from '../http/multipart-form';

const refuse = (error: unknown, req: Request, res: Response) => {
  closeIfUnread(req, res);
  sendError(res, describeError(error, localeOf(req)));
};

/**
 * POST /api/<area>: judged from its path and headers before a byte of the body is read (the area,
 * and for a large body the caller and its rights), then parsed, the action found, the session
 * checked, the input validated, run and answered.
 */
export function legacyGateway(deps: Deps): Router {
  const gateway = Router();
  gateway.post('/api/:area', sameOriginMutations(refuse), judgeBeforeReading(deps, legacyProspect, refuse), legacyJsonBody, async (req: Request, res: Response) => {
    const locale = localeOf(req);
    let form: Form | undefined;
    let ctx: LegacyContext | undefined;
    try {
      const area = String(req.params.area);
      const read = await readLegacyBody(deps, req, res);
      form = read.form;
      const action = findLegacyAction(area, read.body.method, read.body.action);
      if (!action) throw unknownCall(area, read.body);
      // Who is asking is settled before what is asked, so a caller without a session learns nothing.
      const actor = action.auth === 'session' ? await actorOf(deps, req, res) : null;
      assertWithinCap(action, actor?.permissions ?? null, res);
      ctx = { deps, locale, meta: metaOf(req), ...(await filesFor(action, form?.file, deps.config.UPLOAD_TMP_DIR)) };
      const answer = action.auth === 'public' ? await action.run(ctx, validInput(action.input.safeParse(read.body))) : await runAsActor(action, ctx, actor!, read.body);
      sendAnswer(res, answer, translate(locale, 'ok.success'));
    } catch (error) {
      refuse(error, req, res);
    } finally {
      await Promise.all([removeUpload(form?.file), removeUpload(ctx?.scanFile)]);
    }
  });
  // Body-parser failures reach here before the route runs.
  gateway.use('/api', (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    refuse(bodyErrorOf(error) ?? error, req, res);
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
