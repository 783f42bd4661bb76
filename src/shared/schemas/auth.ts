import { z } from 'zod';
import { zAccountName } from '../account-name';
import { LOGIN_ACCOUNT_MIN, LOGIN_PASSWORD_MAX, PASSWORD_CHANGE_MAX, PASSWORD_CHANGE_MIN } from '../limits';

// Messages are catalogue keys (src/shared/i18n); each side translates them for its reader.
export const ZSignInSchema = z.object({
  code: z.string({ error: 'validation.schoolRequired' }).trim().min(1, 'validation.schoolRequired').max(50),
  account: zAccountName('validation.accountEmpty').pipe(z.string().min(1, 'validation.accountEmpty').min(LOGIN_ACCOUNT_MIN, 'validation.accountShort').max(100)),
  password: z.string({ error: 'validation.passwordEmpty' }).min(1, 'validation.passwordEmpty').max(LOGIN_PASSWORD_MAX, 'validation.passwordBadLength'),
});
export type TSignIn = z.infer<typeof ZSignInSchema>;

/** What the server checks; the confirmation is a client-side rule of the spec. */
export const ZChangePasswordSchema = z.object({
  oldpassword: z.string({ error: 'validation.required' }).max(LOGIN_PASSWORD_MAX),
  newpassword: z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .min(PASSWORD_CHANGE_MIN, 'validation.passwordLength')
    .max(PASSWORD_CHANGE_MAX, 'validation.passwordLength'),
});
export type TChangePassword = z.infer<typeof ZChangePasswordSchema>;

export const ZChangePasswordFormSchema = ZChangePasswordSchema.extend({
  confirm: z.string().min(1, 'validation.required'),
}).refine((v) => v.confirm === v.newpassword, { path: ['confirm'], message: 'validation.passwordMismatch' });

export const ZEmailFormSchema = z.object({
  email: z.string().trim().min(1, 'validation.emailRequired').min(4, 'validation.emailShort').email('validation.emailInvalid'),
});
