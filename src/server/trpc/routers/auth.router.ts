import { ZChangePasswordSchema, ZSignInSchema } from '../../../shared/schemas/auth';
import { translate } from '../../../shared/i18n/translate';
import { changePassword, describeMe, listSchoolsForSignIn, signOut } from '../../services/auth/account';
import { listMySessions, signOutElsewhere } from '../../services/auth/sessions';
import { signIn } from '../../services/auth/sign-in';
import { authedProcedure, publicProcedure, router } from '../init';

export const authRouter = router({
  schools: publicProcedure.query(({ ctx }) => listSchoolsForSignIn(ctx.deps)),
  signIn: publicProcedure.input(ZSignInSchema).mutation(({ ctx, input }) => signIn(ctx.deps, input, ctx.meta)),
  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.deps, ctx.actor);
    return { message: translate(ctx.locale, 'auth.signedOut') };
  }),
  sessions: authedProcedure.query(({ ctx }) => listMySessions(ctx.deps, ctx.actor)),
  signOutElsewhere: authedProcedure.mutation(async ({ ctx }) => {
    const count = await signOutElsewhere(ctx.deps, ctx.actor);
    return { count, message: translate(ctx.locale, 'session.signedOutElsewhere', { count }) };
  }),
  me: authedProcedure.query(({ ctx }) => describeMe(ctx.actor)),
  changePassword: authedProcedure.input(ZChangePasswordSchema).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.deps, ctx.actor, input);
    return { message: translate(ctx.locale, 'auth.passwordChanged') };
  }),
});
