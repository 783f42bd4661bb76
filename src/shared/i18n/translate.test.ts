import { describe, expect, it } from 'vitest';
import { en } from './en';
import { translate, toLocale } from './translate';
import { tw } from './tw';

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('tw', 'auth.throttledAccount', { minutes: 7 })).toBe('此帳號登入失敗次數過多，請於 7 分鐘後再試');
    expect(translate('en', 'validation.fields')).toBe('Invalid input: {fields}');
  });

  it('returns text that is not a key as it is', () => {
    expect(translate('tw', 'plain words')).toBe('plain words');
  });

  it('keeps the spec messages verbatim', () => {
    expect(tw['validation.passwordLength']).toBe('密碼必須介於4-16字元');
    expect(tw['validation.passwordMismatch']).toBe('兩次密碼輸入不相符');
    expect(tw['validation.accountEmpty']).toBe('帳號不得為空');
  });

  it('has an English text for every key and falls back to tw for unknown locales', () => {
    for (const key of Object.keys(tw)) expect(en[key as keyof typeof en]).toBeTruthy();
    expect(toLocale('fr')).toBe('tw');
    expect(toLocale('en')).toBe('en');
  });
});
