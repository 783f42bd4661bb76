import { z } from 'zod';
import { ZChangePasswordSchema, ZSignInSchema } from '../../../shared/schemas/auth';
import { translate } from '../../../shared/i18n/translate';
import { changePassword, listSchoolsForSignIn } from '../../../core/services/auth/account';
import { signIn } from '../../../core/services/auth/sign-in';
import { json, publicAction, sessionAction } from '../action';

export const accountActions = [
  publicAction({
    area: 'login',
    method: null,
    action: null,
    input: ZSignInSchema,
    run: async (ctx, input) => {
      const { token, name } = await signIn(ctx.deps, input, ctx.meta);
      return json({ token, name }, translate(ctx.locale, 'auth.signedIn'));
    },
  }),
  publicAction({
    area: 'clients',
    method: null,
    action: null,
    input: z.unknown(),
    run: async (ctx) => json(await listSchoolsForSignIn(ctx.deps)),
  }),
  sessionAction({
    area: 'user',
    method: 'get',
    action: 'user',
    input: z.unknown(),
    run: async (ctx) => json({ name: ctx.actor.name, account: ctx.actor.account, role: ctx.actor.role }),
  }),
  sessionAction({
    area: 'user',
    method: 'renew',
    action: 'password',
    input: ZChangePasswordSchema,
    run: async (ctx, input) => {
      await changePassword(ctx.deps, ctx.actor, input);
      return json(null, translate(ctx.locale, 'auth.passwordChanged'));
    },
  }),
];
