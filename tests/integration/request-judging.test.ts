import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '../../src/shared/request-limits';
import { ALL_CARD_PERMISSIONS, type Signed } from '../support/card-fixtures';
import { FORM_TYPE, manyFields, multipartUpload, rawPost, spooledIn, type RawBody } from '../support/raw-request';
import { scanSchool } from '../support/scan-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

// Issue 27, "judge before reading": a request is answered from its path and headers before its
// body is read, unless a signed-in caller holding the right sends a call that takes a large body.
// Each finding is sent as it was found (a 120 MB upload without a token; 150 fields of 1 MB) and
// measured: bytes spooled into this app's own upload folder, bytes the client got to send, the
// server's (this process's) resident memory.

const MB = 1024 * 1024;
/** A refused body gets no further than the sockets' buffers hold (a few MB on loopback). */
const STOPPED_WITHIN = 32 * MB;

let app: TestApp;
let uploads: string;
let scanner: Signed;
let editor: Signed;
beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'acs-judging-'));
  app = await startTestApp({ UPLOAD_TMP_DIR: uploads });
  scanner = await scanSchool(app);
  editor = await scanSchool(app, ALL_CARD_PERMISSIONS); // may edit cards, may not read scans
});
afterAll(async () => {
  await app.close();
  await rm(uploads, { recursive: true, force: true });
});

const spooledDuring = <T>(run: () => Promise<T>) => spooledIn(uploads, run);
const post = (path: string, body: RawBody, headers: Record<string, string> = {}, chunked = false) =>
  rawPost(`${app.url}${path}`, { 'content-type': FORM_TYPE, ...headers }, body, chunked);
const bearer = (who: Signed) => ({ authorization: `Bearer ${who.token}` });
const scanFields = { method: 'import', action: 'scans', guid: '00000000-0000-4000-8000-000000000000' };
const messageOf = (reply: { body: string }) => (JSON.parse(reply.body) as { message?: string; error?: { message: string } }).message ?? (JSON.parse(reply.body) as { error: { message: string } }).error.message;

function expectStoppedAtOnce(reply: Awaited<ReturnType<typeof rawPost>>, label: string): void {
  expect(reply.sentAtAnswer, `${label}: answered after ${reply.sentAtAnswer} bytes`).toBeGreaterThanOrEqual(0);
  expect(reply.sentAtAnswer, label).toBeLessThan(STOPPED_WITHIN);
  expect(reply.sent, `${label}: the client got ${reply.sent} of ${reply.total} bytes through`).toBeLessThan(STOPPED_WITHIN);
  expect(reply.closedByServer, label).toBe(true);
  expect(reply.headers.connection, label).toBe('close');
}

describe('a large body is judged before it is read', () => {
  it('answers a 120 MB scan upload without a token at once, spooling nothing, fields first or file first', async () => {
    for (const fileFirst of [false, true]) {
      const { result, spooled } = await spooledDuring(() => post('/api/cards', multipartUpload(scanFields, 120 * MB, { fileFirst })));
      expect(spooled, 'bytes spooled').toBe(0);
      expect(result.status).toBe(401);
      expect(messageOf(result)).toBe('尚未登入，請重新登入');
      expectStoppedAtOnce(result, `file first: ${fileFirst}`);
      expect(result.ms).toBeLessThan(3000);
    }
  });

  it('answers the same upload to the sign-in and to an unknown area at once (413, 404)', async () => {
    const login = await spooledDuring(() => post('/api/login', multipartUpload(scanFields, 120 * MB)));
    expect([login.result.status, messageOf(login.result), login.spooled]).toEqual([413, '上傳檔案過大', 0]);
    expectStoppedAtOnce(login.result, 'login');
    const unknown = await spooledDuring(() => post('/api/nosucharea', multipartUpload(scanFields, 120 * MB)));
    expect([unknown.result.status, messageOf(unknown.result), unknown.spooled]).toEqual([404, '找不到此功能：nosucharea', 0]);
    expectStoppedAtOnce(unknown.result, 'unknown area');
  });

  it('answers 150 fields of 1 MB without a token at once, the server\'s memory flat', async () => {
    const before = process.memoryUsage().rss;
    const reply = await post('/api/cards', manyFields({ method: 'get', action: 'lists' }, 150, MB));
    const grown = (process.memoryUsage().rss - before) / MB;
    expect(grown, `RSS grew ${grown.toFixed(1)} MB`).toBeLessThan(40);
    expect(reply.status).toBe(401);
    expectStoppedAtOnce(reply, '150 fields');
  });

  it('refuses 150 fields of 1 MB from a signed-in teacher at the first long field, the memory flat', async () => {
    const before = process.memoryUsage().rss;
    const reply = await post('/api/cards', manyFields({ method: 'import', action: 'scans' }, 150, MB), bearer(scanner));
    const grown = (process.memoryUsage().rss - before) / MB;
    expect(grown, `RSS grew ${grown.toFixed(1)} MB`).toBeLessThan(40);
    expect([reply.status, messageOf(reply)]).toEqual([400, '表單欄位內容過長']);
    expectStoppedAtOnce(reply, 'signed-in fields');
  });

  it('cuts a chunked upload without a token before its file, and one of a teacher without 讀卡 before a byte of it is kept', async () => {
    const chunked = await spooledDuring(() => post('/api/cards', multipartUpload(scanFields, 120 * MB), {}, true));
    expect([chunked.result.status, chunked.spooled]).toEqual([401, 0]);
    expectStoppedAtOnce(chunked.result, 'chunked');
    // 10 MB is within what this teacher may send to cards (a page save), but not as a scan.
    const refused = await spooledDuring(() => post('/api/cards', multipartUpload(scanFields, 10 * MB), bearer(editor)));
    expect([refused.result.status, messageOf(refused.result), refused.spooled]).toEqual([403, '沒有「讀卡」的權限', 0]);
    expectStoppedAtOnce(refused.result, 'no cards.scan');
    const tooLarge = await post('/api/cards', multipartUpload(scanFields, 40 * MB), bearer(editor));
    expect(tooLarge.status).toBe(413);
    expectStoppedAtOnce(tooLarge, 'over the page-save cap');
  });

  it('holds every call to its own cap: 3 MB to a list is refused on both doors, a page save may be larger', async () => {
    const pad = 'x'.repeat(3 * MB);
    const json = (body: unknown): RawBody => {
      const bytes = Buffer.from(JSON.stringify(body));
      return { parts: () => [bytes], length: bytes.length };
    };
    const legacyList = await rawPost(`${app.url}/api/cards`, { 'content-type': 'application/json', ...bearer(scanner) }, json({ method: 'get', action: 'lists', pad }));
    expect([legacyList.status, messageOf(legacyList)]).toEqual([413, '上傳檔案過大']);
    const trpcList = await rawPost(`${app.url}/trpc/cards.list`, { 'content-type': 'application/json', ...bearer(scanner) }, json({ pad }));
    expect([trpcList.status, messageOf(trpcList)]).toEqual([413, '上傳檔案過大']);
    expectStoppedAtOnce(trpcList, 'tRPC list');
    // A page save of 3 MB is read (and refused by its own rules, not by its size).
    const save = await rawPost(`${app.url}/trpc/cards.content.savePage`, { 'content-type': 'application/json', ...bearer(scanner) }, json({ guid: scanFields.guid, kind: 'card', page: 1, pad }));
    expect(save.status).not.toBe(413);
    // Without a token a page save over the default cap is not read at all.
    const anonymous = await rawPost(`${app.url}/trpc/cards.content.savePage`, { 'content-type': 'application/json' }, json({ pad: 'x'.repeat(JSON_BODY_MAX_BYTES + 1) }));
    expect([anonymous.status, messageOf(anonymous)]).toEqual([401, '尚未登入，請重新登入']);
    expectStoppedAtOnce(anonymous, 'anonymous page save');
    const nowhere = await rawPost(`${app.url}/trpc/cards.nothing`, { 'content-type': 'application/json' }, json({ pad }));
    expect([nowhere.status, messageOf(nowhere)]).toEqual([404, '找不到此功能：cards.nothing']);
  });

  it('says "100 Continue" only to a body it will read', async () => {
    const ask = (headers: string) =>
      new Promise<string>((resolve) => {
        const { port } = new URL(app.url);
        const socket = net.connect(Number(port), '127.0.0.1');
        socket.write(`POST /api/cards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM_TYPE}\r\nContent-Length: ${50 * MB}\r\nExpect: 100-continue\r\n${headers}\r\n`);
        socket.once('data', (data: Buffer) => {
          resolve(data.toString('latin1').split('\r\n')[0]);
          socket.destroy();
        });
      });
    expect(await ask('')).toBe('HTTP/1.1 401 Unauthorized');
    expect(await ask(`Authorization: Bearer ${scanner.token}\r\n`)).toBe('HTTP/1.1 100 Continue');
  });
});
