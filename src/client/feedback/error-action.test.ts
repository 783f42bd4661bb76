import { describe, expect, it } from 'vitest';
import { decideErrorAction, type FailedCall } from './error-action';

const call = (over: Partial<FailedCall>): FailedCall => ({
  httpStatus: 500,
  appCode: 'INTERNAL',
  message: 'boom',
  pathname: '/home',
  inline: false,
  leavingPage: false,
  ...over,
});

describe('decideErrorAction (spec §8)', () => {
  it('alerts a 400 with its message', () => {
    expect(decideErrorAction(call({ httpStatus: 400, appCode: 'BAD_REQUEST', message: '資料錯誤' }))).toEqual({
      kind: 'alert',
      message: '資料錯誤',
    });
  });

  it('alerts a 401 and sends the user to sign in', () => {
    expect(decideErrorAction(call({ httpStatus: 401, appCode: 'UNAUTHORIZED', message: '登入已逾時' }))).toEqual({
      kind: 'alert-and-sign-in',
      message: '登入已逾時',
    });
  });

  it('ignores a request cut off by leaving the page, but not one that failed while staying', () => {
    expect(decideErrorAction(call({ httpStatus: undefined, appCode: undefined, leavingPage: true })).kind).toBe('none');
    expect(decideErrorAction(call({ httpStatus: undefined, appCode: undefined, leavingPage: false })).kind).toBe('sign-in');
  });

  it('routes 403 and 404 to their pages even for inline callers', () => {
    expect(decideErrorAction(call({ httpStatus: 403, appCode: 'FORBIDDEN', inline: true })).kind).toBe('forbidden');
    expect(decideErrorAction(call({ httpStatus: 404, appCode: 'NOT_FOUND' })).kind).toBe('not-found');
  });

  it('toasts throttling and conflicts without ending the session', () => {
    expect(decideErrorAction(call({ httpStatus: 429, appCode: 'TOO_MANY_REQUESTS' })).kind).toBe('toast');
    expect(decideErrorAction(call({ httpStatus: 409, appCode: 'CONFLICT' })).kind).toBe('toast');
  });

  it('ends the session on server faults and on no answer at all', () => {
    expect(decideErrorAction(call({})).kind).toBe('sign-in');
    expect(decideErrorAction(call({ httpStatus: undefined, appCode: undefined })).kind).toBe('sign-in');
  });

  it('falls back to the app code when the status is missing', () => {
    expect(decideErrorAction(call({ httpStatus: undefined, appCode: 'FORBIDDEN' })).kind).toBe('forbidden');
  });

  it('leaves user-fixable failures to pages that render them inline', () => {
    expect(decideErrorAction(call({ httpStatus: 400, appCode: 'BAD_REQUEST', inline: true })).kind).toBe('none');
    expect(decideErrorAction(call({ httpStatus: 401, appCode: 'UNAUTHORIZED', inline: true })).kind).toBe('none');
    expect(decideErrorAction(call({ inline: true })).kind).toBe('sign-in');
  });

  it('does nothing on the login page, whose red alert shows the message', () => {
    expect(decideErrorAction(call({ pathname: '/login' })).kind).toBe('none');
    expect(decideErrorAction(call({ pathname: '/login/abc', httpStatus: 401 })).kind).toBe('none');
    expect(decideErrorAction(call({ pathname: '/loginx' })).kind).toBe('sign-in');
  });
});
