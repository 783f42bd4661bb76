import { ZChangePasswordSchema, ZSignInSchema } from '../../../shared/schemas/auth';
import { translate } from '../../../shared/i18n/translate';
import { changePassword, describeMe, listSchoolsForSignIn, signOut } from '../../../core/services/auth/account';
import { listMySessions, signOutElsewhere } from '../../../core/services/auth/sessions';
import { signIn } from '../../../core/services/auth/sign-in';
import { DEVICE_COOKIE } from '../../../core/auth/device-cookie';
import { SIGN_IN_POLICY } from '../../../shared/sign-in-policy';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie';
import { authedProcedure, publicProcedure, router } from '../init';

export const authRouter = router({
  schools: publicProcedure.query(({ ctx }) => listSchoolsForSignIn(ctx.deps)),
  signIn: publicProcedure.input(ZSignInSchema).mutation(async ({ ctx, input }) => {
    const { token, expiresAt, name, deviceCookie } = await signIn(ctx.deps, input, ctx.meta);
    // The web client's session lives in a cookie its scripts never read (src/server/http/session-cookie.ts).
    setSessionCookie(ctx.req, ctx.res, token, expiresAt);
    // Read only by the server at the next sign-in: HttpOnly, never sent to another site.
    ctx.res.cookie(DEVICE_COOKIE, deviceCookie, {
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.req.secure,
      path: '/',
      maxAge: SIGN_IN_POLICY.deviceDays * 86_400_000,
    });
    return { name };
  }),
  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.deps, ctx.actor);
    clearSessionCookie(ctx.req, ctx.res);
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
