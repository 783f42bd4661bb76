import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_ACTIONS } from '../../src/server/legacy/action-table';
import { appRouter } from '../../src/server/trpc/router';
import { createSchool, createUser } from '../support/fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import { legacyUpload, schoolWithAdmin, trpcCall } from '../support/school-admin';
import { LEGACY, TRPC, UPLOAD, UPLOADS, type Target } from '../support/tenancy-targets';

// Every call of the school-administration areas, aimed by school A's administrator at school B's
// ids (tests/support/tenancy-targets.ts), must answer 403 or 404 and leave B untouched. A call
// missing from those tables fails the suite.
const AREAS = ['client', 'user', 'system', 'permission', 'previewExcelStudent'];
const ROUTERS = ['clients.', 'teachers.', 'students.'];
/** The caller's own account or the catalogue: nothing of another school can be named. */
const NOT_TENANT_DATA = ['user get user', 'user renew password', 'permission get permissions'];

const legacyKey = (a: { area: string; method: string | null; action: string | null }) => `${a.area} ${a.method ?? '*'} ${a.action ?? '*'}`;
const legacyCalls = LEGACY_ACTIONS.filter((a) => AREAS.includes(a.area) && !NOT_TENANT_DATA.includes(legacyKey(a)));
// At run time tRPC keeps a flat map by dotted path; its type describes the nested router instead.
const flat = appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>;
const procedures = Object.entries(flat).filter(([path]) =>
  ROUTERS.some((r) => path.startsWith(r)),
);

let app: TestApp;
let a: Awaited<ReturnType<typeof schoolWithAdmin>>;
let b: Target;

/** Everything school B owns, as one comparable string. */
async function snapshotB(): Promise<string> {
  const db = app.deps.db;
  const ids = [b.school, b.sub];
  const users = await db.selectFrom('users').selectAll().where('client_id', 'in', ids).orderBy('id').execute();
  return JSON.stringify([
    await db.selectFrom('clients').selectAll().where('id', 'in', ids).orderBy('id').execute(),
    users,
    await db.selectFrom('user_permissions').selectAll().where('user_id', 'in', users.map((u) => u.id)).orderBy('user_id').orderBy('permission').execute(),
    await db.selectFrom('client_permissions').selectAll().where('client_id', 'in', ids).orderBy('client_id').orderBy('permission').execute(),
    await db.selectFrom('client_default_permissions').selectAll().where('client_id', 'in', ids).orderBy('client_id').orderBy('permission').execute(),
    await db.selectFrom('client_settings').selectAll().where('client_id', 'in', ids).orderBy('client_id').execute(),
    await db.selectFrom('students').selectAll().where('client_id', 'in', ids).orderBy('id').execute(),
  ]);
}

beforeAll(async () => {
  app = await startTestApp();
  a = await schoolWithAdmin(app);
  const school = await createSchool(app.deps.db, {}, ['cards.view', 'users.manage']);
  const sub = await createSchool(app.deps.db, { parent_id: school.id });
  const teacher = await createUser(app.deps.db, school.id, { permissions: ['cards.view'] });
  await app.deps.db.insertInto('students').values({ client_id: school.id, grade: 1, class: 1, seat: 1, number: 'B1', name: '乙' }).execute();
  await app.deps.db.insertInto('client_settings').values({ client_id: school.id, data_mode: '["omr"]', data_size: '["A4"]', vcards: '[]' }).execute();
  b = { school: school.id, sub: sub.id, teacher: teacher.id };
});
afterAll(() => app.close());

describe('tenancy: school A cannot reach school B', () => {
  it('every legacy action and tRPC procedure of these areas is in the matrix', () => {
    expect(legacyCalls.map(legacyKey).filter((k) => !LEGACY[k])).toEqual([]);
    expect(procedures.map(([p]) => p).filter((p) => !TRPC[p])).toEqual([]);
    expect(legacyCalls.length).toBeGreaterThanOrEqual(35);
  });

  it.each(legacyCalls.map(legacyKey))('legacy %s answers 403/404 and changes nothing', async (key) => {
    const before = await snapshotB();
    const action = legacyCalls.find((c) => legacyKey(c) === key)!;
    const fields = { method: action.method ?? '', action: action.action ?? '', ...LEGACY[key](b) };
    const res = UPLOADS.has(key)
      ? await legacyUpload(app, action.area, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), UPLOAD.file, a.token)
      : await legacy(app, action.area, fields, a.token);
    expect([403, 404], JSON.stringify(res.body)).toContain(res.status);
    expect(await snapshotB()).toBe(before);
  });

  it.each(procedures.map(([p]) => p))('tRPC %s answers 403/404 and changes nothing', async (path) => {
    const before = await snapshotB();
    const type = procedures.find(([p]) => p === path)![1]._def.type;
    const res = await trpcCall(app, path, type, TRPC[path](b), a.token);
    expect([403, 404], JSON.stringify(res.error)).toContain(res.status);
    expect(await snapshotB()).toBe(before);
  });

  it('the same administrator reaches its own school (the matrix can fail)', async () => {
    const own = await legacy(app, 'user', { method: 'get', action: 'lists', client_id: a.id }, a.token);
    expect(own.status).toBe(200);
    const implicit = await legacy(app, 'client', { method: 'get', action: 'gradeLists' }, a.token);
    expect(implicit.status).toBe(200);
  });
});
