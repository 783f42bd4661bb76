import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePageCode } from '../../src/shared/geometry/page-code';
import { legacyFile } from '../support/card-fixtures';
import { pdfText } from '../support/poppler';
import { printHarness, type PrintHarness } from '../support/print-harness';
import { legacyUpload, schoolWithAdmin, trpcCall } from '../support/school-admin';
import { csvOf } from '../support/sheets';
import { legacy } from '../support/test-app';

// A class print in versions (A/B 卷, issue 26) on the real job path: alternately by seat, or by
// the roster's 卷別 (refused while a student has none), blank copies in turn, bad counts refused.
// The card is a real conversion (scan marks), so every page has its page code.
let h: PrintHarness;
beforeAll(async () => {
  h = await printHarness('print-versions');
  h.startPrinting();
}, 120_000);
afterAll(() => h.close());

const codeOf = (text: string) => parsePageCode(/AC1\/[0-9A-Z/]+/.exec(text)?.[0] ?? '');
const labelOf = (text: string) => /([A-D])\s*卷/.exec(text)?.[1] ?? null;

async function printed(input: Record<string, unknown>) {
  const res = await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [1], order: 'seat', ...input });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  const id = (res.data as { ticketId: number }).ticketId;
  await h.done(h.teacher, id);
  const t = await h.ticket(h.teacher, id);
  // The print record says which versions were printed: the ticket, and the card's 列印紀錄 row.
  const logs = (await legacy(h.app, 'cards', { method: 'get', action: 'logs', guid: h.guid }, h.teacher.token)).body.data as { data: { id: number; versions: string[]; version_by: string | null }[] };
  const row = logs.data.find((l) => l.id === t.classes[0].logId);
  const count = Number(input.versions ?? 1);
  const expected = count > 1 ? { versions: ['A', 'B', 'C', 'D'].slice(0, count), version_by: input.version_by ?? 'seat' } : { versions: [], version_by: null };
  expect(row).toMatchObject(expected);
  expect(t).toMatchObject(expected);
  return (await legacyFile(h.app, 'cards', { method: 'download', action: 'log', id: t.classes[0].logId }, h.teacher.token)).body;
}

describe('a class print in versions', () => {
  it('by seat: A, B, A, B along the seats, in the page code and large at the top', async () => {
    const file = await printed({ versions: 2, version_by: 'seat' });
    const pages = [1, 2, 3, 4].map((p) => pdfText(file, p).stdout);
    expect(pages.map(labelOf)).toEqual(['A', 'B', 'A', 'B']);
    expect(pages.map((p) => codeOf(p)?.version)).toEqual(['A', 'B', 'A', 'B']);
    const students = await h.app.deps.db.selectFrom('students').select(['id', 'seat']).where('client_id', '=', h.teacher.schoolId).where('grade', '=', 3).where('class', '=', 1).orderBy('seat').execute();
    expect(pages.map((p) => codeOf(p)?.student)).toEqual(students.map((s) => s.id));
  }, 90_000);

  it('without versions: no label, no V (as before)', async () => {
    const file = await printed({});
    expect(labelOf(pdfText(file, 1).stdout)).toBeNull();
    expect(codeOf(pdfText(file, 1).stdout)?.version).toBeUndefined();
  }, 90_000);

  it("by the roster's 卷別: refused while a student has none, then printed as the roster says", async () => {
    const refused = await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [1], versions: 2, version_by: 'roster' });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/^依名冊卷別分卷：4 位學生（例如 3年1班 1 號 .+）的名冊沒有 A、B 其中之一的「卷別」/);
    const db = h.app.deps.db;
    const where = (seat: number) => db.updateTable('students').where('client_id', '=', h.teacher.schoolId).where('grade', '=', 3).where('class', '=', 1).where('seat', '=', seat);
    for (const [seat, v] of [[1, 'B'], [2, 'B'], [3, 'A'], [4, 'C']] as const) await where(seat).set({ exam_version: v }).execute();
    // C is not one of a two-version print's.
    expect((await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [1], versions: 2, version_by: 'roster' })).error?.message).toContain('1 位學生');
    await where(4).set({ exam_version: 'A' }).execute();
    const file = await printed({ versions: 2, version_by: 'roster' });
    expect([1, 2, 3, 4].map((p) => codeOf(pdfText(file, p).stdout)?.version)).toEqual(['B', 'B', 'A', 'A']);
  }, 90_000);

  it('refuses a count outside 1–4 with a message, queueing nothing', async () => {
    const before = await h.app.deps.db.selectFrom('print_tickets').select('id').execute();
    const res = await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [1], versions: 5 });
    expect(res.status).toBe(400);
    expect(res.error?.message).toContain('卷別須為 1 到 4 種');
    expect(await h.app.deps.db.selectFrom('print_tickets').select('id').execute()).toHaveLength(before.length);
  });

  it('blank copies take the versions in turn', async () => {
    const res = await trpcCall(h.app, 'viewer.blankCopies', 'mutation', { guid: h.guid, copies: 3, versions: 2 }, h.teacher.token);
    expect(res.status).toBe(200);
    const pdf = Buffer.from((res.data as { base64: string }).base64, 'base64');
    expect([1, 2, 3].map((p) => codeOf(pdfText(pdf, p).stdout))).toMatchObject([
      { copy: 1, version: 'A' },
      { copy: 2, version: 'B' },
      { copy: 3, version: 'A' },
    ]);
  });
});

describe("the roster's 卷別 column", () => {
  it('is read when present (A–D, 「B卷」, any width), left empty when not, and a bad cell is named', async () => {
    const s = await schoolWithAdmin(h.app);
    const upload = (rows: string[][]) => legacyUpload(h.app, 'client', { method: 'import', action: 'students' }, { name: 'r.csv', body: csvOf(rows) }, s.token);
    const head = ['年級', '班級', '座號', '學號', '姓名', '卷別'];
    const ok = await upload([head, ['1', '1', '1', 'V1', '甲', 'a'], ['1', '1', '2', 'V2', '乙', 'Ｂ卷'], ['1', '1', '3', 'V3', '丙', '']]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const rows = await h.app.deps.db.selectFrom('students').select(['seat', 'exam_version']).where('client_id', '=', s.id).orderBy('seat').execute();
    expect(rows.map((r) => r.exam_version)).toEqual(['A', 'B', null]);
    const bad = await upload([head, ['1', '1', '1', 'V1', '甲', 'E']]);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ 'r2.version': '須為 A、B、C 或 D（或留空）' });
    // Without the column, as before.
    expect((await upload([head.slice(0, 5), ['1', '1', '1', 'V1', '甲']])).status).toBe(200);
  });
});
