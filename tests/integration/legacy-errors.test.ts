import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../src/shared/limits';
import { createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  const school = await createSchool(app.deps.db);
  const user = await createUser(app.deps.db, school.id);
  token = ((await legacy(app, 'login', { code: school.code, account: user.account, password: user.password })).body.data as { token: string }).token;
});
afterAll(() => app.close());

describe('the legacy envelope and its error codes', () => {
  it('400 for malformed JSON, with no stack trace', async () => {
    const res = await legacy(app, 'login', '{"account": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, status: 'error', message: '請求內容不是有效的 JSON' });
  });

  it('400 naming each missing or mistyped field; unknown extra fields are ignored', async () => {
    const res = await legacy(app, 'login', { code: 'demo', account: 42, extra: true });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ account: '帳號不得為空', password: '密碼不得為空' });
    // The message names the fields by their labels, never by raw keys (issue 14 part 9).
    expect(res.body.message).toBe('輸入資料有誤：帳號（帳號不得為空）、密碼（密碼不得為空）');
  });

  it('401 without a token, and with a token nobody issued', async () => {
    const none = await legacy(app, 'structure', { method: 'get', action: 'menu' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 401, status: 'error', message: '尚未登入，請重新登入' });
    const forged = await legacy(app, 'structure', { method: 'get', action: 'menu' }, 'a'.repeat(32));
    expect(forged.status).toBe(401);
  });

  it('404 for an unknown area, method or action', async () => {
    expect((await legacy(app, 'nowhere', { method: 'get', action: 'menu' }, token)).status).toBe(404);
    const res = await legacy(app, 'structure', { method: 'get', action: 'nothing' }, token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('找不到此功能：structure get nothing');
  });

  it('reads method/action from multipart forms and answers 413 past the 2 MB upload limit', async () => {
    const small = new FormData();
    small.set('method', 'get');
    small.set('action', 'user');
    const ok = await fetch(`${app.url}/api/user`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: small });
    expect(ok.status).toBe(200);

    const big = new FormData();
    big.set('method', 'get');
    big.set('action', 'user');
    big.set('file', new Blob([new Uint8Array(IMPORT_MAX_BYTES + 1)]), 'roster.xlsx');
    const tooBig = await fetch(`${app.url}/api/user`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: big });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ code: 413, status: 'error', message: '上傳檔案過大' });
  });

  it('answers in English when asked', async () => {
    const res = await legacy(app, 'structure', { method: 'get', action: 'menu' }, undefined, { 'accept-language': 'en-US,en' });
    expect(res.body.message).toBe('Not signed in; please sign in');
  });
});
