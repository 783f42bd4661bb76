import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, TRPC_MAX_BATCH } from '../../src/shared/request-limits';
import { signedInSchool } from '../support/card-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const MB = 1024 * 1024;

/**
 * POSTs `megabytes` of JSON-looking bytes from one reused 1 MB chunk (so the sender holds no
 * copy), with a Content-Length or chunked; resolves with the status, body and elapsed time.
 */
function postLarge(path: string, megabytes: number, chunked: boolean): Promise<{ status: number; body: string; ms: number }> {
  const chunk = Buffer.alloc(MB, 0x20);
  const url = new URL(path, app.url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(megabytes * MB) }) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (body += part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < megabytes) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const trpcPost = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('bounded requests', () => {
  it('refuses 30 MB to a public tRPC procedure with 413 in under a second, memory flat', async () => {
    await postLarge('/trpc/auth.signIn', 1, false); // warm the path
    const before = process.memoryUsage();
    const sized = await postLarge('/trpc/auth.signIn', 30, false);
    const streamed = await postLarge('/trpc/auth.signIn', 30, true);
    const after = process.memoryUsage();
    for (const reply of [sized, streamed]) {
      expect(reply.status).toBe(413);
      expect(reply.ms).toBeLessThan(1000);
      expect((JSON.parse(reply.body) as { error: unknown }).error).toMatchObject({ message: '上傳檔案過大', data: { httpStatus: 413, appCode: 'PAYLOAD_TOO_LARGE' } });
    }
    // The sized body is refused from its header; the streamed one is dropped at the limit, never parsed.
    expect((after.heapUsed - before.heapUsed) / MB).toBeLessThan(30);
    expect((after.rss - before.rss) / MB).toBeLessThan(60);
  });

  it('applies the same size rule on the legacy door, as an envelope', async () => {
    const reply = await postLarge('/api/login', 30, false);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 413, status: 'error', message: '上傳檔案過大' });
  });

  it(`runs at most ${TRPC_MAX_BATCH} calls in one batch`, async () => {
    const batch = (n: number) => `${app.url}/trpc/${Array(n).fill('auth.schools').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
    const ok = await fetch(batch(TRPC_MAX_BATCH));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as unknown[]).length).toBe(TRPC_MAX_BATCH);

    const refused = await fetch(batch(TRPC_MAX_BATCH + 1), { headers: { 'x-locale': 'tw' } });
    expect(refused.status).toBe(400);
    const text = JSON.stringify(await refused.json());
    expect(text).toContain(`一次請求最多 ${TRPC_MAX_BATCH} 項`);
  });

  it(`refuses JSON nested deeper than ${JSON_MAX_DEPTH} before parsing it, on both doors`, async () => {
    const deep = `{"code":"x","account":"a","password":"p","pad":${nested(JSON_MAX_DEPTH + 1)}}`;
    const trpc = await trpcPost('auth.signIn', deep);
    expect(trpc.status).toBe(400);
    expect(((await trpc.json()) as { error: { message: string } }).error.message).toBe('請求內容層級過深');

    const old = await legacy(app, 'login', deep);
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ code: 400, status: 'error', message: '請求內容層級過深' });

    const english = await trpcPost('auth.signIn', deep, { 'x-locale': 'en' });
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe('The request is nested too deeply');
  });

  it('reads a page number only as a number or decimal text, not "0x10", [1] or true', async () => {
    const { token } = await signedInSchool(app);
    const list = (page: unknown) => legacy(app, 'cards', { method: 'get', action: 'lists', page }, token);
    expect((await list('2')).status).toBe(200);
    for (const odd of ['0x10', [1], true, '1e1']) {
      const res = await list(odd);
      expect(res.status, JSON.stringify(odd)).toBe(400);
      expect(res.body.fields).toHaveProperty('page');
    }
  });

  it('answers malformed JSON on tRPC in the caller\'s language', async () => {
    const tw = await trpcPost('auth.signIn', '{"code": ');
    expect(tw.status).toBe(400);
    expect(((await tw.json()) as { error: { message: string } }).error.message).toBe('請求內容不是有效的 JSON');
    const en = await trpcPost('auth.signIn', '{"code": ', { 'x-locale': 'en' });
    expect(((await en.json()) as { error: { message: string } }).error.message).toBe('The request body is not valid JSON');
  });
});
