import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import type { ErrorShapeData } from '../../shared/errors';
import type { Deps } from '../../core/deps';
import { AppError } from '../../core/errors/app-error';
import { describeError } from '../../core/errors/describe-error';
import { APP_TO_TRPC } from '../../core/errors/trpc-codes';
import { localeOf, metaOf } from '../http/request-meta';
import { actorOf } from '../http/session-cookie';
import type { Actor } from '../../core/auth/actor';
import { assertPasswordSettledForTrpc } from '../auth/forced-password';

export function contextFactory(deps: Deps) {
  return ({ req, res }: CreateExpressContextOptions) => {
    let actor: Promise<Actor> | undefined;
    return {
      deps,
      locale: localeOf(req),
      meta: metaOf(req),
      /** For the few procedures that set or clear cookies (sign-in, sign-out). */
      req,
      res,
      /** The caller, from its Bearer token or session cookie; checked once per request (a batch shares it). */
      actor: () => (actor ??= actorOf(deps, req, res)),
    };
  };
}
export type Context = ReturnType<ReturnType<typeof contextFactory>>;

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    const described = describeError(error, ctx?.locale ?? 'tw');
    const data: ErrorShapeData & typeof shape.data = {
      ...shape.data,
      stack: undefined,
      httpStatus: described.status,
      appCode: described.appCode,
      fields: described.fields,
    };
    return { ...shape, message: described.message, data };
  },
});


/** Gives a service's AppError its own HTTP status instead of tRPC's default 500. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: APP_TO_TRPC[cause.code], message: cause.key, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors);
export const authedProcedure = publicProcedure.use(async ({ ctx, next, path }) => {
  const actor = await ctx.actor();
  assertPasswordSettledForTrpc(actor, path);
  return next({ ctx: { ...ctx, actor } });
});
