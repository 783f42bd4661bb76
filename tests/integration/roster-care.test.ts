import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolWithAdmin, trpcCall } from '../support/school-admin';
import { startTestApp, type TestApp } from '../support/test-app';

// Issue 14 part 6: one student added, edited (moved to another class) and deleted without a
// re-import; search by name or number; the roster exported as xlsx in the import's columns.
let app: TestApp;
let s: Awaited<ReturnType<typeof schoolWithAdmin>>;
const call = (path: string, type: 'query' | 'mutation', input: unknown) => trpcCall(app, path, type, input, s.token);
const students = () => app.deps.db.selectFrom('students').select(['grade', 'class', 'seat', 'number', 'name']).where('client_id', '=', s.id).orderBy('id').execute();

beforeAll(async () => {
  app = await startTestApp();
  s = await schoolWithAdmin(app);
  await app.deps.db
    .insertInto('students')
    .values([
      { client_id: s.id, grade: 8, class: 1, seat: 1, number: '0810101', name: '陳小明' },
      { client_id: s.id, grade: 8, class: 1, seat: 2, number: '0810102', name: '林小華' },
      { client_id: s.id, grade: 8, class: 2, seat: 1, number: '0810201', name: '王大同' },
    ])
    .execute();
});
afterAll(() => app.close());

describe('roster care', () => {
  it('adds a transfer student; a taken seat or number is refused on its field, nothing written', async () => {
    const added = await call('students.save', 'mutation', { grade: 8, class: 2, seat: 2, number: '0810299', name: '張轉學' });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ message: '已儲存學生資料' });
    const seat = await call('students.save', 'mutation', { grade: 8, class: 1, seat: 1, number: 'X1', name: '重複座號' });
    expect(seat.status).toBe(409);
    expect(seat.error?.message).toBe('8年1班座號 1 已有學生：陳小明');
    const number = await call('students.save', 'mutation', { grade: 9, class: 1, seat: 1, number: '0810101', name: '重複學號' });
    expect(number.status).toBe(409);
    expect(number.error?.message).toBe('學號「0810101」已是 陳小明 的學號');
    expect(await students()).toHaveLength(4);
    expect((await call('students.save', 'mutation', { grade: 0, class: 1, seat: 1, number: 'Y', name: '' })).status).toBe(400);
  });

  it('moves a student to another class, searches by name or number, deletes one', async () => {
    const found = (await call('students.list', 'query', { q: '林小' })).data as { data: { id: number; number: string }[] };
    expect(found.data.map((r) => r.number)).toEqual(['0810102']);
    expect(((await call('students.list', 'query', { q: '0810201' })).data as { total: number }).total).toBe(1);
    const id = found.data[0].id;
    expect((await call('students.save', 'mutation', { id, grade: 8, class: 2, seat: 3, number: '0810102', name: '林小華' })).status).toBe(200);
    expect(((await call('students.list', 'query', { grade: 8, class: 2 })).data as { total: number }).total).toBe(3);
    const removed = await call('students.delete', 'mutation', { id });
    expect(removed.data).toMatchObject({ message: '已刪除學生 林小華' });
    expect((await students()).map((r) => r.name)).not.toContain('林小華');
    expect((await call('students.delete', 'mutation', { id })).status).toBe(404);
  });

  it("cannot touch another school's student by id", async () => {
    const other = await schoolWithAdmin(app);
    const [mine] = await app.deps.db.selectFrom('students').select('id').where('client_id', '=', s.id).execute();
    const hijack = await trpcCall(app, 'students.save', 'mutation', { id: mine.id, grade: 1, class: 1, seat: 9, number: 'H', name: 'hijacked' }, other.token);
    expect(hijack.status).toBe(404);
    expect((await trpcCall(app, 'students.delete', 'mutation', { id: mine.id }, other.token)).status).toBe(404);
    expect((await students()).map((r) => r.name)).not.toContain('hijacked');
  });

  it('exports the roster as xlsx in the import columns, 學號 kept as text', async () => {
    const file = (await call('students.export', 'mutation', { grade: 8 })).data as { filename: string; base64: string; count: number };
    expect(file.filename).toBe('學生名單_8年級.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.base64, 'base64') as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0].getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['年級', '班級', '座號', '學號', '姓名']);
    expect(rows.slice(1)).toEqual((await students()).map((r) => [r.grade, r.class, r.seat, r.number, r.name]).sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[2]) - Number(b[2])));
  });
});
