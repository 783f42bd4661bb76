import { describe, expect, it } from 'vitest';
import { ZChangePasswordFormSchema, ZEmailFormSchema, ZSignInSchema } from '../../shared/schemas/auth';
import { fieldErrors, hasErrors } from './field-errors';

describe('fieldErrors', () => {
  it('gives the login messages of the spec', () => {
    const errors = fieldErrors(ZSignInSchema, { code: '', account: '', password: '' });
    expect(errors).toEqual({
      code: 'validation.schoolRequired',
      account: 'validation.accountEmpty',
      password: 'validation.passwordEmpty',
    });
  });

  it('flags a login password over 100 characters', () => {
    const errors = fieldErrors(ZSignInSchema, { code: 'a', account: 'b', password: 'x'.repeat(101) });
    expect(errors).toEqual({ password: 'validation.passwordBadLength' });
  });

  it('keeps only the first message of a field', () => {
    const errors = fieldErrors(ZChangePasswordFormSchema, { oldpassword: '', newpassword: '', confirm: '' });
    expect(errors.newpassword).toBe('validation.required');
    expect(errors.confirm).toBe('validation.required');
    expect(errors.oldpassword).toBeUndefined();
  });

  it('checks length and the confirmation of a new password', () => {
    expect(fieldErrors(ZChangePasswordFormSchema, { oldpassword: 'o', newpassword: 'abc', confirm: 'abc' })).toEqual({
      newpassword: 'validation.passwordLength',
    });
    expect(
      fieldErrors(ZChangePasswordFormSchema, { oldpassword: 'o', newpassword: 'abcd', confirm: 'abce' }),
    ).toEqual({ confirm: 'validation.passwordMismatch' });
  });

  it('is empty for valid values', () => {
    const errors = fieldErrors(ZEmailFormSchema, { email: 'teacher@school.tw' });
    expect(hasErrors(errors)).toBe(false);
    expect(hasErrors(fieldErrors(ZEmailFormSchema, { email: 'nope' }))).toBe(true);
  });
});
