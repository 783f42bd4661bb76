import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyFile } from '../support/card-fixtures';
import { pdfText, poppler } from '../support/poppler';
import { printHarness, type PrintHarness } from '../support/print-harness';
import { trpcCall } from '../support/school-admin';

// Issue 14 part 5 on the real job path: a whole grade to one combined file (classes in order,
// each starting on a new sheet), print-log names that say what the file is, and the question
// before printing the same selection again within ten minutes.
let h: PrintHarness;
type GradeView = { gradeFile: { logId: number; filename: string } | null; classes: { class: number; filename: string | null }[] };

beforeAll(async () => {
  h = await printHarness('grade');
  h.startPrinting();
}, 120_000);
afterAll(() => h.close());

const repeatOf = async (input: Record<string, unknown>) => (await trpcCall(h.app, 'print.repeatOf', 'query', input, h.teacher.token)).data as { message: string } | null;

describe('printing a whole grade', () => {
  it('writes one file per class and one combined file, each class starting on a new sheet', async () => {
    // Class 1 with 3 students: 3 pages, so a blank page follows it and class 2 starts on a new sheet.
    await h.app.deps.db.deleteFrom('students').where('client_id', '=', h.teacher.schoolId).where('grade', '=', 3).where('class', '=', 1).where('seat', '=', 4).execute();
    const input = { guid: h.guid, grade: 3, classes: [3, 1, 2], order: 'seat', combined: true };
    expect(await repeatOf(input)).toBeNull();
    const id = ((await h.create(h.teacher, input)).data as { ticketId: number }).ticketId;
    await h.done(h.teacher, id);
    const t = (await trpcCall(h.app, 'print.ticket', 'query', { ticketId: id }, h.teacher.token)).data as GradeView;
    expect(t.classes.map((c) => c.filename)).toEqual([1, 2, 3].map((c): unknown => expect.stringMatching(new RegExp(`^期中考列印_3年${c}班_座號_\\d{4}-\\d{4}\\.pdf$`))));
    expect(t.gradeFile?.filename).toMatch(/^期中考列印_3年級_座號_\d{4}-\d{4}\.pdf$/);
    const file = await legacyFile(h.app, 'cards', { method: 'download', action: 'log', id: t.gradeFile!.logId }, h.teacher.token);
    expect(file.type).toBe('application/pdf');
    expect(await poppler('pdfinfo', file.body)).toMatch(/Pages:\s+12\n/); // 3 + blank + 4 + 4
    const numbers = (page: number) => pdfText(file.body, page).stdout;
    expect(numbers(1)).toContain('1130101');
    expect(numbers(4).trim()).toBe(''); // the blank back of class 1's last sheet
    expect(numbers(5)).toContain('1130201');
    expect(numbers(9)).toContain('1130301');
    // The combined file is in the print log like the class files.
    const logs = await h.app.deps.db.selectFrom('print_logs').select(['class', 'ticket_key']).where('ticket_key', 'like', `${id}-%`).orderBy('ticket_key').execute();
    expect(logs.map((l) => l.class)).toEqual(['3年1班', '3年2班', '3年3班', '3年級']);

    // The same selection again (in any order of the boxes): the screen asks first.
    expect((await repeatOf({ ...input, classes: [1, 2, 3] }))?.message).toMatch(/^相同的列印（3年級 3年1班、3年2班、3年3班）已於 \d{2}:\d{2} 送出，確定要再印一次嗎？$/);
    expect(await repeatOf({ ...input, classes: [1, 2] })).toBeNull();
    expect(await repeatOf({ ...input, order: 'sort' })).toBeNull();
  });

  it('writes no combined file when one file per class was asked for', async () => {
    const id = ((await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [2], order: 'sort' })).data as { ticketId: number }).ticketId;
    await h.done(h.teacher, id);
    const t = (await trpcCall(h.app, 'print.ticket', 'query', { ticketId: id }, h.teacher.token)).data as GradeView;
    expect(t.gradeFile).toBeNull();
    expect(t.classes[0].filename).toMatch(/^期中考列印_3年2班_學號_\d{4}-\d{4}\.pdf$/);
  });
});
