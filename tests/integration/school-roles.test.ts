import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import { legacyUpload, schoolWithAdmin, signIn, systemToken, trpcCall } from '../support/school-admin';
import { csvOf } from '../support/sheets';

// Issue 14 part 1: school administrators outside the seed — the role in the user form, the
// import file and legacy `user edit info`; the school form's first administrator; who may
// grant and revoke it, and a school always keeping one.
let app: TestApp;
let system = '';
beforeAll(async () => {
  app = await startTestApp();
  system = await systemToken(app);
});
afterAll(() => app.close());

const user = (token: string, body: Record<string, unknown>) => legacy(app, 'user', body, token);
const roleOf = async (clientId: number, account: string) =>
  (await app.deps.db.selectFrom('users').select('role').where('client_id', '=', clientId).where('account', '=', account).executeTakeFirstOrThrow()).role;
const idOf = (res: { body: { data?: unknown } }) => (res.body.data as { client_user_id: number }).client_user_id;

describe('the 學校管理者 role', () => {
  it('legacy user edit info takes role; get info answers it; the legacy list stays teachers only unless asked', async () => {
    const s = await schoolWithAdmin(app);
    const made = await user(s.token, { method: 'edit', action: 'info', name: '教務主任', account: 'dean', password: 'abcd1234', role: 'school_admin' });
    expect(made.body).toMatchObject({ code: 200, message: '儲存成功' });
    expect(await roleOf(s.id, 'dean')).toBe('school_admin');
    expect((await user(s.token, { method: 'get', action: 'info', client_user_id: idOf(made) })).body.data).toMatchObject({ account: 'dean', role: 'school_admin' });
    const teacher = await user(s.token, { method: 'edit', action: 'info', name: '林老師', account: 'lin', password: 'abcd1234' });
    expect(await roleOf(s.id, 'lin')).toBe('teacher');
    const teachersOnly = (await user(s.token, { method: 'get', action: 'lists' })).body.data as { data: { account: string }[] };
    expect(teachersOnly.data.map((r) => r.account)).toEqual(['lin']);
    const everyone = (await user(s.token, { method: 'get', action: 'lists', role: 'all' })).body.data as { data: { account: string; role: string }[] };
    expect(everyone.data.map((r) => [r.account, r.role])).toEqual(expect.arrayContaining([['dean', 'school_admin'], ['lin', 'teacher']]));
    // Promote and demote; an unknown role is a 400 that changes nothing.
    const edit = (role: unknown) => user(s.token, { method: 'edit', action: 'info', client_user_id: idOf(teacher), name: '林老師', account: 'lin', role });
    expect((await edit('school_admin')).status).toBe(200);
    expect(await roleOf(s.id, 'lin')).toBe('school_admin');
    expect((await edit('teacher')).status).toBe(200);
    expect(await roleOf(s.id, 'lin')).toBe('teacher');
    const bad = await edit('system_admin');
    expect(bad.status).toBe(400);
    expect(await roleOf(s.id, 'lin')).toBe('teacher');
    // The new administrator signs in and manages teachers at once.
    const dean = await signIn(app, s.code, 'dean', 'abcd1234');
    expect((await user(dean, { method: 'get', action: 'lists' })).status).toBe(200);
  });

  it('a school keeps at least one administrator: the last one is neither demoted nor deleted', async () => {
    const s = await schoolWithAdmin(app);
    const admins = await app.deps.db.selectFrom('users').select(['id', 'account']).where('client_id', '=', s.id).where('role', '=', 'school_admin').execute();
    expect(admins).toHaveLength(1);
    const self = admins[0];
    const demote = await user(s.token, { method: 'edit', action: 'info', client_user_id: self.id, name: '管理者', account: self.account, role: 'teacher' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('學校至少要保留一位學校管理者');
    expect(await roleOf(s.id, self.account)).toBe('school_admin');
    const removed = await user(s.token, { method: 'delete', action: 'users', ids: [self.id] });
    expect(removed.status).toBe(409);
    expect(await roleOf(s.id, self.account)).toBe('school_admin');
    // With a second administrator, the first may step down.
    await user(s.token, { method: 'edit', action: 'info', name: '副管理者', account: 'second', password: 'abcd1234', role: 'school_admin' });
    expect((await user(s.token, { method: 'edit', action: 'info', client_user_id: self.id, name: '管理者', account: self.account, role: 'teacher' })).status).toBe(200);
  });

  it('never in the system school, never by someone below an administrator', async () => {
    const systemId = (await app.deps.db.selectFrom('clients').select('id').where('code', '=', 'system').executeTakeFirstOrThrow()).id;
    const inSystem = await user(system, { method: 'edit', action: 'info', client_id: systemId, name: '系統助理', account: `sys${randomBytes(3).toString('hex')}`, password: 'abcd1234', role: 'school_admin' });
    expect(inSystem.status).toBe(400);
    expect(inSystem.body.message).toBe('系統學校不設學校管理者');
    // The system administrator makes one in any school; a school administrator in its own.
    const s = await schoolWithAdmin(app);
    expect((await user(system, { method: 'edit', action: 'info', client_id: s.id, name: '甲', account: 'bysys', password: 'abcd1234', role: 'school_admin' })).status).toBe(200);
    const other = await schoolWithAdmin(app);
    expect((await user(s.token, { method: 'edit', action: 'info', client_id: other.id, name: '乙', account: 'intruder', password: 'abcd1234', role: 'school_admin' })).status).toBe(404);
  });

  it('imports take an optional 身分 column; a bad value is refused row by row and nothing is written', async () => {
    const s = await schoolWithAdmin(app);
    const upload = (rows: string[][]) => legacyUpload(app, 'user', { method: 'import', action: 'users' }, { name: 't.csv', body: csvOf(rows) }, s.token);
    const bad = await upload([['姓名', '帳號', '密碼', '身分'], ['甲', 'ia', 'abcd1234', '教師'], ['乙', 'ib', 'abcd1234', '校長']]);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ 'r3.role': '身分只能填「教師」或「學校管理者」' });
    expect(await app.deps.db.selectFrom('users').select('id').where('client_id', '=', s.id).where('account', 'in', ['ia', 'ib']).execute()).toHaveLength(0);
    const ok = await upload([['姓名', '帳號', '密碼', '身分'], ['甲', 'ia', 'abcd1234', '教師'], ['乙', 'ib', 'abcd1234', '學校管理者'], ['丙', 'ic', 'abcd1234', '']]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect([await roleOf(s.id, 'ia'), await roleOf(s.id, 'ib'), await roleOf(s.id, 'ic')]).toEqual(['teacher', 'school_admin', 'teacher']);
  });
});

describe('the school form', () => {
  it('creates the first administrator with the school; half an administrator is refused and no school is made', async () => {
    const code = `r${randomBytes(4).toString('hex')}`;
    const half = await legacy(app, 'client', { method: 'edit', action: 'info', name: '半套學校', code, admin_account: 'boss' }, system);
    expect(half.status).toBe(400);
    expect(half.body.fields).toMatchObject({ admin_name: '學校管理者的姓名、帳號與密碼須一併填寫' });
    expect(await app.deps.db.selectFrom('clients').select('id').where('code', '=', code).executeTakeFirst()).toBeUndefined();
    const made = await trpcCall(app, 'clients.save', 'mutation', { name: '新學校', code, admin_name: '王校長', admin_account: 'boss', admin_password: 'boss1234' }, system);
    expect(made.status).toBe(200);
    const token = await signIn(app, code, 'boss', 'boss1234');
    const me = await trpcCall(app, 'auth.me', 'query', undefined, token);
    expect(me.data).toMatchObject({ role: 'school_admin', permissions: expect.arrayContaining(['users.manage', 'students.manage']) as unknown });
    // The administrator adds a teacher to its school.
    expect((await user(token, { method: 'edit', action: 'info', name: '新老師', account: 'newt', password: 'abcd1234' })).status).toBe(200);
  });
});
