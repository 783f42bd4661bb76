import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import { legacyUpload, schoolWithAdmin, signIn } from '../support/school-admin';
import { csvOf, xlsOf, xlsxOf, zipBomb } from '../support/sheets';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const user = (token: string, body: Record<string, unknown>) => legacy(app, 'user', body, token);
const importFile = (token: string, name: string, body: Buffer | null) =>
  legacyUpload(app, 'user', { method: 'import', action: 'users' }, body ? { name, body } : null, token);
const teacherCount = async (clientId: number) =>
  (await app.deps.db.selectFrom('users').select('id').where('client_id', '=', clientId).where('role', '=', 'teacher').execute()).length;

describe('teachers', () => {
  it('adds a teacher with the school defaults, and refuses past max_account with 409 naming the limit', async () => {
    const s = await schoolWithAdmin(app, { max_account: 2 });
    expect((await user(s.token, { method: 'edit', action: 'info', name: '林老師', account: 't1', password: 'abcd1234' })).status).toBe(200);
    expect((await user(s.token, { method: 'edit', action: 'info', name: '張老師', account: 't2', password: 'abcd1234' })).status).toBe(200);
    const third = await user(s.token, { method: 'edit', action: 'info', name: '李老師', account: 't3', password: 'abcd1234' });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('已達帳號上限 2 個，無法再新增教師');
    const dup = await user(s.token, { method: 'edit', action: 'info', name: '林老師', account: 'T1', password: 'abcd1234' });
    expect(dup.status).toBe(409);
    const list = (await user(s.token, { method: 'get', action: 'lists', name: '林' })).body.data as { data: { name: string }[]; per_page: number };
    expect(list.per_page).toBe(5);
    expect(list.data.map((t) => t.name)).toEqual(['林老師']);
  });

  it('offers and saves teacher permissions only from the school allowed set', async () => {
    const s = await schoolWithAdmin(app);
    const defaults = { method: 'save', action: 'defpermission', data_permission: ['cards.view', 'cards.edit'] };
    expect((await legacy(app, 'client', defaults, s.token)).status).toBe(200);
    const outside = { ...defaults, data_permission: ['users.manage'] }; // school scope: never a teacher default
    expect((await legacy(app, 'client', outside, s.token)).status).toBe(400);
    const created = await user(s.token, { method: 'edit', action: 'info', name: '林老師', account: 'perm1', password: 'abcd1234' });
    const id = (created.body.data as { client_user_id: number }).client_user_id;
    const got = (await user(s.token, { method: 'get', action: 'permission', client_user_id: id })).body.data as { permission: string[] };
    expect(got.permission.sort()).toEqual(['cards.edit', 'cards.view']);
    expect((await user(s.token, { method: 'save', action: 'permission', client_user_id: id, permission: ['cards.view'] })).status).toBe(200);
    const bad = await user(s.token, { method: 'save', action: 'permission', client_user_id: id, permission: ['system.clients'] });
    expect(bad.status).toBe(400);
    // Once the school loses cards.view, it cannot be granted any more.
    await app.deps.db.deleteFrom('client_permissions').where('client_id', '=', s.id).where('permission', '=', 'cards.view').execute();
    const again = await user(s.token, { method: 'save', action: 'permission', client_user_id: id, permission: ['cards.view'] });
    expect(again.status).toBe(400);
  });

  it('imports from xlsx with the password defaulting to the account, Chinese names intact', async () => {
    const s = await schoolWithAdmin(app);
    const file = await xlsxOf([['姓名', '帳號'], ['歐陽娜娜', 'ouyang'], ['陳　老師', 'chen2']]);
    const res = await importFile(s.token, 'teachers.xlsx', file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('已匯入 2 位教師');
    await signIn(app, s.code, 'ouyang', 'ouyang');
    const list = (await user(s.token, { method: 'get', action: 'lists' })).body.data as { data: { name: string }[] };
    expect(list.data.map((t) => t.name)).toEqual(['歐陽娜娜', '陳　老師']);
  });

  it('imports .xls and .csv too', async () => {
    const s = await schoolWithAdmin(app);
    expect((await importFile(s.token, 'a.xls', xlsOf([['姓名', '帳號', '密碼'], ['甲', 'xa', 'secret1']]))).status).toBe(200);
    expect((await importFile(s.token, 'a.csv', csvOf([['name', 'account'], ['乙', 'xbxb']]))).status).toBe(200);
    await signIn(app, s.code, 'xa', 'secret1');
    expect(await teacherCount(s.id)).toBe(2);
  });

  it('reports every bad row and field, and changes nothing', async () => {
    const s = await schoolWithAdmin(app);
    await user(s.token, { method: 'edit', action: 'info', name: '原有', account: 'taken', password: 'abcd1234' });
    const file = await xlsxOf([['姓名', '帳號'], ['甲', 'okay1'], ['', 'okay2'], ['丙', 'taken'], ['丁', 'okay1'], ['戊', 'bad account']]);
    const res = await importFile(s.token, 'bad.xlsx', file);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('檔案有 4 個錯誤，未做任何變更');
    expect(res.body.fields).toEqual({
      'r3.name': '未填寫',
      'r4.account': '帳號已存在於此學校',
      'r5.account': '帳號重複',
      'r6.account': '格式不正確',
    });
    expect(await teacherCount(s.id)).toBe(1);
  });

  it('refuses a missing column, no file, a wrong type, a malformed file and a zip bomb', async () => {
    const s = await schoolWithAdmin(app, { max_account: 1 });
    const missing = await importFile(s.token, 'a.csv', csvOf([['姓名'], ['甲']]));
    expect(missing.body.message).toBe('檔案缺少欄位：帳號');
    expect((await importFile(s.token, 'a.csv', null)).body.message).toBe('尚未上傳檔案！');
    expect((await importFile(s.token, 'a.txt', Buffer.from('x'))).status).toBe(400);
    expect((await importFile(s.token, 'a.xlsx', Buffer.from('PK not really a zip'))).body.message).toBe('無法讀取檔案內容，請確認檔案格式');
    const bomb = await importFile(s.token, 'bomb.xlsx', zipBomb());
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toBe('檔案解壓縮後過大，已拒絕處理');
    const over = await importFile(s.token, 'a.csv', csvOf([['姓名', '帳號'], ['甲', 'acct1'], ['乙', 'acct2']]));
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('帳號上限 1 個');
    const big = await importFile(s.token, 'big.csv', Buffer.alloc(2_000_001, 0x41));
    expect(big.status).toBe(413);
    expect(await teacherCount(s.id)).toBe(0);
  });

  it("a school administrator manages its sub-schools' teachers, never its parent's", async () => {
    const parent = await schoolWithAdmin(app);
    const sub = await schoolWithAdmin(app, { parent_id: parent.id });
    const add = { method: 'edit', action: 'info', name: '分校老師', account: 'subt', password: 'abcd1234', client_id: sub.id };
    expect((await user(parent.token, add)).status).toBe(200);
    const list = (await user(parent.token, { method: 'get', action: 'lists', client_id: sub.id })).body.data as { total: number };
    expect(list.total).toBe(1);
    expect((await user(sub.token, { method: 'get', action: 'lists', client_id: parent.id })).status).toBe(404);
  });
});
