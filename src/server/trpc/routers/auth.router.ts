import { ZChangePasswordSchema, ZSignInSchema } from '../../../shared/schemas/auth';
import { translate } from '../../../shared/i18n/translate';
import { changePassword, describeMe, listSchoolsForSignIn, signOut } from '../../services/auth/account';
import { signIn } from '../../services/auth/sign-in';
import { authedProcedure, publicProcedure, router } from '../init';

export const authRouter = router({
  schools: publicProcedure.query(({ ctx }) => listSchoolsForSignIn(ctx.deps)),
  signIn: publicProcedure.input(ZSignInSchema).mutation(({ ctx, input }) => signIn(ctx.deps, input, ctx.meta)),
  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.deps, ctx.actor);
    return { message: translate(ctx.locale, 'auth.signedOut') };
  }),
  me: authedProcedure.query(({ ctx }) => describeMe(ctx.actor)),
  changePassword: authedProcedure.input(ZChangePasswordSchema).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.deps, ctx.actor, input);
    return { message: translate(ctx.locale, 'auth.passwordChanged') };
  }),
});
