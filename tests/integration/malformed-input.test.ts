import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createUser } from '../support/fixtures';
import type { Signed } from '../support/card-fixtures';
import { scanSchool, storeScanCard } from '../support/scan-fixtures';
import { legacyUpload } from '../support/school-admin';
import { startTestApp, type TestApp } from '../support/test-app';

// Issue 27, "no 500 from malformed input": cookies that do not decode, truncated and malformed
// multipart bodies, bad percent-escapes, and the libraries' own text (tRPC's English, poppler's,
// yauzl's, libvips') — each answered 400 (or its proper code) in the caller's language.

let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };
beforeAll(async () => {
  app = await startTestApp();
  teacher = await scanSchool(app);
  card = await storeScanCard(app.deps.db, app.deps.storage, { schoolId: teacher.schoolId, userId: teacher.userId });
}, 60_000);
afterAll(() => app.close());

type Reply = { status: number; message: string; cookies: string[] };
async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Reply> {
  const res = await fetch(`${app.url}${path}`, init);
  const text = await res.text();
  const json = JSON.parse(text) as { message?: string; error?: { message: string } };
  return { status: res.status, message: json.message ?? json.error?.message ?? '', cookies: res.headers.getSetCookie() };
}
const HAN = /[\u4e00-\u9fff]/;
const ENGLISH_LIBRARY_TEXT = /procedure|Unexpected|Malformed|Boundary|URI|Invalid|Vips|zip|central directory|Syntax Error|pdfinfo/i;

describe('malformed cookies', () => {
  const badSession = { cookie: 'acs_session=%E0%A4%A' };
  it('answers a session cookie that does not decode with 400 on tRPC, the legacy door and /assets, and clears it', async () => {
    const answers = [
      await call('/trpc/auth.me', { headers: badSession }),
      await call('/api/cards', { method: 'POST', headers: { ...badSession, 'content-type': 'application/json' }, body: '{"method":"get","action":"lists"}' }),
      await call('/assets/cards/1/0123456789abcdef01234567.png', { headers: badSession }),
    ];
    for (const a of answers) {
      expect([a.status, a.message]).toEqual([400, '登入用的 Cookie 格式不正確，已清除，請重新整理頁面後再試']);
      expect(a.cookies.some((c) => /^acs_session=;.*Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    }
    const en = await call('/trpc/auth.me', { headers: { ...badSession, 'x-locale': 'en' } });
    expect([en.status, en.message]).toEqual([400, 'A sign-in cookie was malformed and has been cleared; reload the page and try again']);
  });

  it('answers a device cookie of "%" at sign-in with 400, and signs in once the cookie is gone', async () => {
    const school = await createSchool(app.deps.db, {});
    const user = await createUser(app.deps.db, school.id, { role: 'teacher' });
    const signIn = (cookie?: string) =>
      call('/trpc/auth.signIn', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': '198.18.77.1', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ code: school.code, account: user.account, password: user.password }),
      });
    const refused = await signIn('acs_device=%');
    expect(refused.status).toBe(400);
    expect(refused.cookies.some((c) => c.startsWith('acs_device=;'))).toBe(true);
    expect((await signIn()).status).toBe(200);
    // Another site's cookie on the same host that does not decode is none of our business.
    expect((await signIn('other_app=%E0%A4%A')).status).toBe(200);
  });
});

describe('malformed bodies and paths', () => {
  const boundary = 'b0undary';
  const form = (body: string) => call('/api/login', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
  const fields = `--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\ndemo\r\n`;

  it('answers a truncated multipart body with 400, signed in or not', async () => {
    // Without a token, a form naming a call that takes no file (a call that takes one is a 401 first).
    const truncated = `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\n\r\nname,acc`;
    expect(await form(truncated)).toMatchObject({ status: 400, message: '上傳的表單不完整或格式不正確，請重新上傳' });
    // A signed-in scan upload cut short inside its file.
    const scan = `--${boundary}\r\nContent-Disposition: form-data; name="method"\r\n\r\nimport\r\n--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\nscans\r\n--${boundary}\r\nContent-Disposition: form-data; name="guid"\r\n\r\n${card.guid}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.pdf"\r\n\r\n%PDF-1.4 trunc`;
    const cut = await call('/api/cards', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${teacher.token}` }, body: scan });
    expect(cut).toMatchObject({ status: 400, message: '上傳的表單不完整或格式不正確，請重新上傳' });
    expect(await form(`--${boundary}\r\nContent-Disposition: form-da`)).toMatchObject({ status: 400 });
    const noBoundary = await call('/api/login', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: fields });
    expect(noBoundary).toMatchObject({ status: 400, message: '上傳的表單不完整或格式不正確，請重新上傳' });
  });

  it('survives a client that goes away mid-body, and still answers the next request', async () => {
    const { port } = new URL(app.url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST /api/cards HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${teacher.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n`);
        socket.write(`--${boundary}\r\nContent-Disposition: form-data; name="method"\r\n\r\nimport\r\n--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\nscans\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF-1.4 ` + 'x'.repeat(3_000_000));
        setTimeout(() => socket.destroy(), 200);
        socket.on('close', () => resolve());
      });
    });
    expect((await call('/trpc/auth.schools')).status).toBe(200);
  });

  it('answers percent-escapes that do not decode with 400 or 404, never 500', async () => {
    expect(await call('/api/%E0%A4%A', { method: 'POST' })).toMatchObject({ status: 400, message: '網址或請求含有無法解讀的編碼（%）' });
    expect(await call('/assets/cards/%E0/x.png')).toMatchObject({ status: 400, message: '網址或請求含有無法解讀的編碼（%）' });
    expect((await call('/trpc/%E0%A4%A')).status).toBe(404);
    expect((await call('/trpc/auth.me?input=%E0%A4%A', { headers: { authorization: `Bearer ${teacher.token}` } })).status).not.toBe(500);
  });
});

describe("libraries' own words never reach a person", () => {
  it("tells tRPC's refusals in the caller's language", async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      call(`/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url, authorization: `Bearer ${teacher.token}`, ...headers }, body });
    const refusals = [
      [await call('/trpc/nosuch.proc'), 404, '找不到此功能：nosuch.proc'],
      [await post('auth.me', '{}'), 400, '此功能不接受這種請求方式'],
      [await call('/trpc/auth.signOut', { headers: { authorization: `Bearer ${teacher.token}` } }), 400, '此功能不接受這種請求方式'],
      [await call('/trpc/cards.info?input=notjson', { headers: { authorization: `Bearer ${teacher.token}` } }), 400, '請求內容不是有效的 JSON'],
      [await post('cards.list', 'x', { 'content-type': 'text/plain' }), 400, undefined],
    ] as const;
    for (const [reply, status, message] of refusals) {
      expect(reply.status, reply.message).toBe(status);
      if (message) expect(reply.message).toBe(message);
      expect(reply.message).toMatch(HAN);
      expect(reply.message).not.toMatch(ENGLISH_LIBRARY_TEXT);
    }
    const en = await call('/trpc/nosuch.proc', { headers: { 'x-locale': 'en' } });
    expect(en.message).toBe('Unknown call: nosuch.proc');
  });

  it('names a broken scan file by its kind, not by poppler, yauzl or libvips', async () => {
    const upload = (name: string, body: Buffer) => legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name, body }, teacher.token);
    const cases = [
      ['broken.pdf', Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer garbage'), '無法讀取此檔案：PDF 檔已損壞或不完整'],
      ['broken.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]), '無法讀取此檔案：圖片檔已損壞、不完整或格式不支援'],
      ['broken.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]), '無法讀取此檔案：ZIP 檔已損壞或不完整'],
    ] as const;
    for (const [name, body, message] of cases) {
      const reply = await upload(name, body);
      expect([reply.status, reply.body.message], name).toEqual([400, message]);
    }
  });

  it("shows a batch that failed on a library's message as ours", async () => {
    const row = await app.deps.db
      .insertInto('scan_batches')
      .values({ client_id: teacher.schoolId, document_id: card.id, user_id: teacher.userId, filename: 'x.jpg', file_key: '', state: 'failed', error: 'VipsJpeg: Premature end of JPEG file' })
      .executeTakeFirstOrThrow();
    const res = await fetch(`${app.url}/api/cards`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${teacher.token}` }, body: JSON.stringify({ method: 'get', action: 'scanBatch', batch_id: Number(row.insertId) }) });
    const error = ((await res.json()) as { data: { error: string } }).data.error;
    expect(error).toBe('處理時發生錯誤，請稍後再試；若一再發生，請洽系統管理者');
  });
});
