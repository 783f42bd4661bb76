import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import { legacyUpload, schoolWithAdmin } from '../support/school-admin';
import { storeScanCard } from '../support/scan-fixtures';
import { csvOf, rosterRows, xlsOf, xlsxOf } from '../support/sheets';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Page = { data: Record<string, unknown>[]; total: number; per_page: number; last_page: number };
const get = async (token: string, body: Record<string, unknown>) => (await legacy(app, 'client', { method: 'get', ...body }, token)).body.data as Page;
const upload = (token: string, name: string, body: Buffer, area = 'client') =>
  legacyUpload(app, area, { method: 'import', action: 'students' }, { name, body }, token);

describe('student rosters', () => {
  it('imports 3 grades × 10 classes × 35 students and pages through grades, classes and students', async () => {
    const s = await schoolWithAdmin(app);
    const res = await upload(s.token, 'roster.xlsx', await xlsxOf(rosterRows(3, 10, 35)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('已匯入 1050 位學生'); // a first roster: nothing was deleted
    const grades = await get(s.token, { action: 'gradeLists' });
    expect(grades).toMatchObject({ total: 3, per_page: 3, last_page: 1 });
    expect(grades.data[0]).toEqual({ grade: 1, classes: 10, students: 350 });
    const classes = await get(s.token, { action: 'classLists', grade: 2 });
    expect(classes).toMatchObject({ total: 10, per_page: 15 });
    const students = await get(s.token, { action: 'students', grade: 3, class: 10, page: 3 });
    expect(students).toMatchObject({ total: 35, per_page: 15, last_page: 3 });
    expect(students.data[0]).toMatchObject({ grade: 3, class: 10, seat: 31, number: 'S31031', name: '王小明31031' });
  });

  it('keeps the id of every student whose number is still on the roster, so printed page codes stay valid', async () => {
    const s = await schoolWithAdmin(app);
    await upload(s.token, 'r1.csv', csvOf([['年級', '班級', '座號', '學號', '姓名'], [1, 1, 1, 'S1', '甲'], [1, 1, 2, 'S2', '乙'], [1, 1, 3, 'S3', '丙']]));
    const ids = async () => new Map((await app.deps.db.selectFrom('students').select(['id', 'number']).where('client_id', '=', s.id).execute()).map((r) => [r.number, r.id]));
    const before = await ids();
    // S2 moves class and seat, S3 leaves, S4 arrives; S1 and S2 keep their ids.
    const res = await upload(s.token, 'r2.csv', csvOf([['年級', '班級', '座號', '學號', '姓名'], [1, 1, 1, 'S1', '甲'], [1, 2, 5, 'S2', '乙'], [1, 1, 2, 'S4', '丁']]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('已匯入 3 位學生，原有名單已刪除');
    const after = await ids();
    expect(after.get('S1')).toBe(before.get('S1'));
    expect(after.get('S2')).toBe(before.get('S2'));
    expect(after.has('S3')).toBe(false);
    expect([...before.values()]).not.toContain(after.get('S4'));
  });

  it('a re-import keeps scanned pages linked to their students, seats swapped included', async () => {
    const s = await schoolWithAdmin(app);
    const header = ['年級', '班級', '座號', '學號', '姓名'];
    await upload(s.token, 'r1.csv', csvOf([header, [1, 1, 1, 'S1', '甲'], [1, 1, 2, 'S2', '乙'], [1, 1, 3, 'S3', '丙']]));
    const db = app.deps.db;
    const idOf = async (n: string) => (await db.selectFrom('students').select('id').where('client_id', '=', s.id).where('number', '=', n).executeTakeFirstOrThrow()).id;
    const user = await db.selectFrom('users').select('id').where('client_id', '=', s.id).executeTakeFirstOrThrow();
    const card = await storeScanCard(db, app.deps.storage, { schoolId: s.id, userId: user.id });
    const batch = await db.insertInto('scan_batches').values({ client_id: s.id, document_id: card.id, user_id: user.id, filename: 'a.pdf', file_key: 'k' }).executeTakeFirstOrThrow();
    const page = (index: number, student: number) => ({ batch_id: Number(batch.insertId), client_id: s.id, document_id: card.id, page_index: index, status: 'read' as const, card_page: 1, student_id: student, copy_no: null, answers: '{}', flags: '{}', reading: '{}', image_key: null });
    const [s1, s2] = [await idOf('S1'), await idOf('S2')];
    await db.insertInto('scan_pages').values([page(1, s1), page(2, s2)]).execute();
    // S1 and S2 swap seats, S3 leaves: the pages still name S1 and S2, who keep their rows.
    const res = await upload(s.token, 'r2.csv', csvOf([header, [1, 1, 2, 'S1', '甲'], [1, 1, 1, 'S2', '乙二']]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pages = await db.selectFrom('scan_pages').select(['page_index', 'student_id']).where('batch_id', '=', Number(batch.insertId)).orderBy('page_index').execute();
    expect(pages).toEqual([{ page_index: 1, student_id: s1 }, { page_index: 2, student_id: s2 }]);
    const roster = await db.selectFrom('students').select(['id', 'seat', 'number', 'name']).where('client_id', '=', s.id).orderBy('seat').execute();
    expect(roster).toEqual([{ id: s2, seat: 1, number: 'S2', name: '乙二' }, { id: s1, seat: 2, number: 'S1', name: '甲' }]);
  });

  it('keeps full-width student numbers and Chinese names as typed, reading full-width seats as numbers', async () => {
    const s = await schoolWithAdmin(app);
    const res = await upload(s.token, 'r.csv', csvOf([['年級', '班級', '座號', '學號', '姓名'], ['１', '２', '０３', 'Ａ１２３', '司馬　懿']]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = await get(s.token, { action: 'students' });
    expect(list.data).toMatchObject([{ grade: 1, class: 2, seat: 3, number: 'Ａ１２３', name: '司馬　懿' }]);
  });

  it('a bad file names each bad row and field and leaves the old roster exactly as it was', async () => {
    const s = await schoolWithAdmin(app);
    await upload(s.token, 'ok.xls', xlsOf(rosterRows(1, 1, 3)));
    const before = await get(s.token, { action: 'students' });
    const bad = xlsOf([
      ['年級', '班級', '座號', '學號', '姓名'],
      [1, 1, 1, 'N1', '甲'],
      [1, 1, 1, 'N2', '乙'],
      [1, 'x', 2, 'N1', ''],
    ]);
    const res = await upload(s.token, 'bad.xls', bad);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'r3.seat': '同班座號重複', 'r4.class': '必須是正整數', 'r4.name': '未填寫', 'r4.number': '學號重複' });
    expect(await get(s.token, { action: 'students' })).toEqual(before);
    const missing = await upload(s.token, 'm.csv', csvOf([['年級', '班級', '姓名'], [1, 1, '甲']]));
    expect(missing.body.message).toBe('檔案缺少欄位：座號、學號');
    expect(await get(s.token, { action: 'students' })).toEqual(before);
  });

  it('numbers the database folds together (é = e) are a 400 that keeps the old roster, never a 500', async () => {
    const s = await schoolWithAdmin(app);
    await upload(s.token, 'ok.csv', csvOf(rosterRows(1, 1, 2)));
    const before = await get(s.token, { action: 'students' });
    const res = await upload(s.token, 'fold.csv', csvOf([['年級', '班級', '座號', '學號', '姓名'], [1, 1, 1, 'e1', '甲'], [1, 1, 2, 'é1', '乙']]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('學號重複');
    expect(await get(s.token, { action: 'students' })).toEqual(before);
  });

  it('previews what an import would write without changing anything', async () => {
    const s = await schoolWithAdmin(app);
    const res = await upload(s.token, 'p.xlsx', await xlsxOf(rosterRows(1, 2, 2)), 'previewExcelStudent');
    expect(res.status).toBe(200);
    expect((res.body.data as { total: number }).total).toBe(4);
    expect((await get(s.token, { action: 'gradeLists' })).total).toBe(0);
  });

  it('a teacher without students.manage is refused', async () => {
    const s = await schoolWithAdmin(app);
    const { createUser } = await import('../support/fixtures');
    const { signIn } = await import('../support/school-admin');
    const t = await createUser(app.deps.db, s.id, { permissions: ['cards.view'] });
    const token = await signIn(app, s.code, t.account, t.password);
    expect((await legacy(app, 'client', { method: 'get', action: 'gradeLists' }, token)).status).toBe(403);
  });
});
