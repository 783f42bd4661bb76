import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_AREAS } from '../../src/server/legacy/action';
import { LEGACY_ACTIONS } from '../../src/server/legacy/action-table';
import { callKey } from '../../src/server/legacy/legacy-body';
import { LEGACY_BODY_CAPS } from '../../src/shared/body-caps';
import { ALL_PERMISSIONS } from '../../src/shared/permissions';
import { insertDocument } from '../../src/data/repos/documents.repo';
import { createSchool, createUser } from '../support/fixtures';
import { fieldsOf, fuzzBody, seeded } from '../support/fuzz-values';
import { brokenCookie, FUZZ_FORM_TYPE, oversizedForm, truncatedForm } from '../support/fuzz-transport';
import { FORM_TYPE, multipartUpload, rawPost, spooledIn } from '../support/raw-request';
import { startTestApp, type TestApp } from '../support/test-app';

// The legacy door under generated input (issue 16, part 7): every action in the table, bodies of
// wrong types, extreme numbers, unicode edge cases, missing and extra fields. Seeded (FUZZ_SEED
// replays a run), bounded in cases and in time. No answer may be a 500, every answer is the
// envelope (or a file), and a second school's records survive every call aimed at them.
const SEED = Number(process.env.FUZZ_SEED ?? 16_2026);
const CASES_PER_ACTION = 6;
const TIME_BUDGET_MS = 90_000;

let app: TestApp;
let uploads: string;
const schools: Record<'a' | 'b', { id: number; code: string; token: string; teacherId: number; cardGuid: string; cardId: number }> = {} as never;

async function setUp(name: 'a' | 'b') {
  const school = await createSchool(app.deps.db, { name: `模糊測試 ${name}` }, ALL_PERMISSIONS.map((p) => p.permission));
  const admin = await createUser(app.deps.db, school.id, { role: 'school_admin' });
  const teacher = await createUser(app.deps.db, school.id, { name: `教師${name.toUpperCase()}守門` });
  const guid = crypto.randomUUID();
  const cardId = await insertDocument(app.deps.db, { guid, kind: 'card', client_id: school.id, user_id: admin.id, title: `卷卡${name.toUpperCase()}守門`, mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: null });
  const res = await post('login', { code: school.code, account: admin.account, password: admin.password });
  schools[name] = { ...school, token: (JSON.parse(res.text) as { data: { token: string } }).data.token, teacherId: teacher.id, cardGuid: guid, cardId };
}

async function post(area: string, body: unknown, token?: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`${app.url}/api/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.250.250', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** Every answer is either a file (200) or the envelope whose code is the HTTP status. */
function expectEnvelope(reply: { status: number; type: string; text: string }, label: string): void {
  expect(reply.status, `${label} → ${reply.text.slice(0, 300)}`).not.toBe(500);
  if (reply.status === 200 && !reply.type.includes('json')) return;
  const body = JSON.parse(reply.text) as { code: number; status: string; message: string };
  expect(body.code, label).toBe(reply.status);
  expect(body.status, label).toBe(reply.status === 200 ? 'success' : 'error');
  expect(typeof body.message, label).toBe('string');
}

beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'acs-fuzz-'));
  app = await startTestApp({ UPLOAD_TMP_DIR: uploads });
  await setUp('a');
  await setUp('b');
});
afterAll(async () => {
  await app.close();
  await rm(uploads, { recursive: true, force: true });
});

describe('legacy door fuzz', () => {
  it(`answers every action's generated input with an envelope, never a 500 (seed ${SEED})`, async () => {
    const random = seeded(SEED);
    const started = Date.now();
    let cases = 0;
    const statuses: Record<number, number> = {};
    for (const action of LEGACY_ACTIONS) {
      const fields = fieldsOf(action.input);
      for (let i = 0; i < CASES_PER_ACTION && Date.now() - started < TIME_BUDGET_MS; i++) {
        const body = { ...fuzzBody(random, fields), ...(action.method ? { method: action.method, action: action.action } : {}) };
        const reply = await post(action.area, body, action.auth === 'session' ? schools.a.token : undefined);
        expectEnvelope(reply, `${action.area} ${action.method} ${action.action} ${JSON.stringify(body).slice(0, 200)}`);
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
        cases++;
      }
    }
    // Not-JSON, not-an-object and unknown calls, once each.
    for (const raw of ['[]', '"x"', '1', 'null', '{"method":{},"action":[]}']) {
      const res = await fetch(`${app.url}/api/cards`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${schools.a.token}` }, body: raw });
      expectEnvelope({ status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }, raw);
      cases++;
    }
    console.log(`[fuzz] ${cases} cases over ${LEGACY_ACTIONS.length} actions in ${Date.now() - started} ms (seed ${SEED}), answers by status ${JSON.stringify(statuses)}`);
    expect(cases).toBeGreaterThan(LEGACY_ACTIONS.length * 3);
  }, TIME_BUDGET_MS + 60_000);

  it(`answers malformed cookies, truncated forms, oversized fields and uploads without a token on every area, never a 500 (seed ${SEED})`, async () => {
    const random = seeded(SEED + 27);
    const started = Date.now();
    const statuses: Record<number, number> = {};
    const send = async (path: string, headers: Record<string, string>, body?: BodyInit) => {
      const res = await fetch(`${app.url}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'x-forwarded-for': '198.19.250.251', ...headers }, body });
      const reply = { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      return reply;
    };
    const areas = [...LEGACY_AREAS, 'nosucharea'];
    const token = { authorization: `Bearer ${schools.a.token}` };
    for (const area of areas) {
      for (let i = 0; i < 3; i++) {
        const cookie = brokenCookie(random);
        const reply = await send(`/api/${area}`, { cookie, 'content-type': 'application/json' }, '{"method":"get","action":"lists"}');
        expectEnvelope(reply, `${area} cookie ${cookie}`);
        expect(reply.status, cookie).toBe(400);
      }
    }
    for (const path of ['/trpc/auth.me', '/trpc/cards.list?input=%7B%7D', `${'/assets/cards/'}${schools.a.id}/0123456789abcdef01234567.png`]) {
      const reply = await send(path, { cookie: brokenCookie(random) });
      expect(reply.status, path).toBe(400);
    }
    for (const action of LEGACY_ACTIONS) {
      const fields: Record<string, string> = action.method ? { method: action.method, action: action.action ?? '', guid: schools.a.cardGuid } : { guid: schools.a.cardGuid };
      const label = `${action.area} ${action.method} ${action.action}`;
      for (const signed of [true, false]) {
        const cut = await send(`/api/${action.area}`, { 'content-type': FUZZ_FORM_TYPE, ...(signed ? token : {}) }, new Uint8Array(truncatedForm(random, fields)));
        expectEnvelope(cut, `${label} truncated`);
        expect([400, 401, 403, 404], `${label} truncated → ${cut.text}`).toContain(cut.status);
      }
      const long = await send(`/api/${action.area}`, { 'content-type': FUZZ_FORM_TYPE, ...token }, new Uint8Array(oversizedForm(random, fields)));
      expectEnvelope(long, `${label} oversized`);
      expect(long.status, `${label} oversized → ${long.text}`).toBe(400);
    }
    // Uploads without a token, 4–24 MB, sized or chunked, fields or file first: answered at once, nothing kept.
    for (const action of LEGACY_ACTIONS.filter((a) => LEGACY_BODY_CAPS[callKey(a)]?.file)) {
      const fields: Record<string, string> = action.method ? { method: action.method, action: action.action ?? '' } : {};
      const size = (4 + Math.floor(random() * 20)) * 1024 * 1024;
      const { result, spooled } = await spooledIn(uploads, () =>
        rawPost(`${app.url}/api/${action.area}`, { 'content-type': FORM_TYPE }, multipartUpload(fields, size, { fileFirst: random() < 0.5 }), random() < 0.5),
      );
      const label = `${callKey(action)} ${size} bytes without a token`;
      // 401 as soon as the fields name the call; a chunked body whose file comes first is cut at the 1 MiB any caller may send (413).
      expect([401, 413], label).toContain(result.status);
      expect(result.sent, label).toBeLessThan(Math.min(size, 32 * 1024 * 1024));
      expect(spooled, label).toBe(0);
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    }
    expect(statuses[500]).toBeUndefined();
    console.log(`[fuzz transport] answers by status ${JSON.stringify(statuses)} in ${Date.now() - started} ms (seed ${SEED})`);
  }, 120_000);

  it("never lets school A's administrator read or change school B through any action", async () => {
    const b = schools.b;
    const aimed: Record<string, unknown> = {
      client_id: b.id, parent_id: b.id, to_client: b.id, client: b.id, client_user_id: b.teacherId, user_id: b.teacherId,
      ids: [b.teacherId], guid: b.cardGuid, guids: [b.cardGuid], id: b.cardId, name: '竄改', title: '竄改', account: 'hijacked',
      code: b.code, permission: [], data_permission: [], status: 'disabled', days: 30, grade: 1, page: 1,
    };
    const secrets = ['教師B守門', '卷卡B守門', '模糊測試 b'];
    for (const action of LEGACY_ACTIONS.filter((a) => a.auth === 'session')) {
      const body: Record<string, unknown> = { method: action.method, action: action.action };
      for (const field of fieldsOf(action.input)) if (field in aimed) body[field] = aimed[field];
      const reply = await post(action.area, body, schools.a.token);
      const label = `${action.area} ${action.method} ${action.action}`;
      expectEnvelope(reply, label);
      for (const secret of secrets) expect(reply.text, `${label} leaked ${secret}`).not.toContain(secret);
    }
    const school = await app.deps.db.selectFrom('clients').select(['name', 'status']).where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(school).toEqual({ name: '模糊測試 b', status: 'normal' });
    const teacher = await app.deps.db.selectFrom('users').select(['name', 'account']).where('id', '=', b.teacherId).executeTakeFirst();
    expect(teacher?.name).toBe('教師B守門');
    const card = await app.deps.db.selectFrom('documents').select('title').where('id', '=', b.cardId).executeTakeFirst();
    expect(card?.title).toBe('卷卡B守門');
  }, 120_000);
});
