import { describe, expect, it } from 'vitest';
import { clientEn } from './en';
import { clientTw } from './tw';
import { translateUi } from './client-translate';

describe('translateUi', () => {
  it('reads client strings in the chosen locale and fills placeholders', () => {
    expect(translateUi('tw', 'home.welcome', { name: '王老師' })).toBe('歡迎回來，王老師');
    expect(translateUi('en', 'home.welcome', { name: 'Ann' })).toBe('Welcome back, Ann');
  });

  it('falls back to the shared catalogue for validation keys', () => {
    expect(translateUi('tw', 'validation.accountEmpty')).toBe('帳號不得為空');
    expect(translateUi('en', 'validation.passwordMismatch')).toBe('The two passwords do not match');
  });

  it('passes an already translated server message through', () => {
    expect(translateUi('en', '帳號或密碼錯誤')).toBe('帳號或密碼錯誤');
  });

  it('has the spec wording for signing out and the success toast', () => {
    expect(clientTw['shell.signingOut']).toBe('登出中...');
    expect(clientEn['shell.signingOut']).toBe('signing out...');
    expect(clientTw['feedback.success']).toBe('成功');
  });
});
