import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSessions, createSchool, createUser } from '../support/fixtures';
import { schoolWithAdmin, legacyUpload } from '../support/school-admin';
import { xlsxOf } from '../support/sheets';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// One address per attempt (198.18.0.0/15, the fixtures' range), so only the per-account count is at work.
let seq = 0;
const fresh = () => ({ 'x-forwarded-for': `198.18.250.${++seq}` });
const login = (code: string, account: string, password: string) => legacy(app, 'login', { code, account, password }, undefined, fresh());

async function lockedTeacher() {
  const school = await createSchool(app.deps.db);
  const user = await createUser(app.deps.db, school.id, { account: 'secteacha', password: 'right-pass' });
  for (let i = 0; i < 5; i++) expect((await login(school.code, 'secteacha', 'wrong')).status).toBe(401);
  expect((await login(school.code, 'secteacha', 'right-pass')).status).toBe(429);
  return { school, user };
}

describe('one identity per account at sign-in (issue 16, part 1)', () => {
  it('does not let an accented spelling sign in as the plain account', async () => {
    const { school, user } = await lockedTeacher();
    const accented = await login(school.code, 'secteachá', 'right-pass');
    expect(accented.status).toBe(401);
    expect(accented.body.message).toBe('帳號或密碼錯誤');
    expect(await countSessions(app.deps.db, user.id)).toBe(0);
  });

  it('counts full-width and upper-case spellings against the same locked account', async () => {
    const { school, user } = await lockedTeacher();
    for (const spelling of ['ｓｅｃｔｅａｃｈａ', 'SECTEACHA', 'SecTeachA']) {
      const res = await login(school.code, spelling, 'right-pass');
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^此帳號登入失敗次數過多/);
    }
    expect(await countSessions(app.deps.db, user.id)).toBe(0);
  });

  it('refuses zero-width, NUL and other hidden characters with a clear message, trying nothing', async () => {
    const { school } = await lockedTeacher();
    for (const spelling of ['secteacha\u200b', 'secteacha\u0000', '\u202esecteacha', 'sec\u2060teacha']) {
      const res = await login(school.code, spelling, 'right-pass');
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ account: '帳號不可包含控制字元或隱藏字元' });
    }
  });

  it('signs in with a full-width or upper-case spelling of an account that is not locked', async () => {
    const school = await createSchool(app.deps.db);
    const user = await createUser(app.deps.db, school.id, { account: 'lin.teacher', password: 'right-pass' });
    expect((await login(school.code, 'ＬＩＮ．ｔｅａｃｈｅｒ', 'right-pass')).status).toBe(200);
    expect(await countSessions(app.deps.db, user.id)).toBe(1);
  });

  it('gives an unknown name no extra tries through its spellings', async () => {
    const school = await createSchool(app.deps.db);
    for (let i = 0; i < 5; i++) await login(school.code, 'ghost', 'x');
    expect((await login(school.code, 'ＧＨＯＳＴ', 'x')).status).toBe(429);
  });
});

describe('account names on create and import', () => {
  it('refuses hidden characters when a teacher is created, and stores the NFKC spelling', async () => {
    const s = await schoolWithAdmin(app);
    const bad = await legacy(app, 'user', { method: 'edit', action: 'info', name: '隱', account: 'hid\u200bden', password: 'abcd1234' }, s.token);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ account: '帳號不可包含控制字元或隱藏字元' });
    const wide = await legacy(app, 'user', { method: 'edit', action: 'info', name: '寬', account: 'ｗｉｄｅ', password: 'abcd1234' }, s.token);
    expect(wide.status).toBe(200);
    const row = await app.deps.db.selectFrom('users').select('account').where('client_id', '=', s.id).where('name', '=', '寬').executeTakeFirstOrThrow();
    expect(row.account).toBe('wide');
  });

  it('refuses an imported row whose account holds hidden characters, and one that is another spelling of a row before it', async () => {
    const s = await schoolWithAdmin(app);
    const file = await xlsxOf([['姓名', '帳號'], ['甲', 'zero\u200bwidth'], ['乙', 'twin'], ['丙', 'ＴＷＩＮ']]);
    const res = await legacyUpload(app, 'user', { method: 'import', action: 'users' }, { name: 'teachers.xlsx', body: file }, s.token);
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ 'r2.account': '帳號不可包含控制字元或隱藏字元', 'r4.account': expect.any(String) as unknown });
  });
});

describe('the account report migration (1001)', () => {
  it('names accounts with hidden characters, and finds none in the seed data', async () => {
    const { findAccountProblems } = await import('../../migrations/1001-report-account-collisions');
    const school = await createSchool(app.deps.db);
    await createUser(app.deps.db, school.id, { account: 'bel\u0007l' });
    await createUser(app.deps.db, school.id, { account: 'plain' });
    const problems = await findAccountProblems(app.deps.db as never);
    expect(problems.filter((p) => p.client_id === school.id)).toEqual([{ client_id: school.id, accounts: ['bel\u0007l'], reason: 'hidden-characters' }]);
    const seeded = await app.deps.db.selectFrom('clients').select('id').where('code', 'in', ['system', 'demo']).execute();
    expect(problems.filter((p) => seeded.some((s) => s.id === p.client_id))).toEqual([]);
  });
});
