import { translate } from '../../src/shared/i18n/translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_ZONES } from '../../src/shared/geometry/scan-layout';
import { ZCardGeometry, type HeaderFields, type Rect } from '../../src/shared/geometry/card-geometry';
import { TEXT_FIELDS } from '../../src/shared/geometry/markup-attributes';
import { ticketJobId } from '../../src/shared/jobs/print-ticket-job';
import { requeueLostTickets } from '../../src/worker/print-worker';
import { bubblesToFill } from '../../src/pdf/digit-marks';
import { cardInfo, legacyFile, signedInSchool } from '../support/card-fixtures';
import { rasterPage } from '../support/poppler';
import { printHarness, type PrintHarness } from '../support/print-harness';
import { seedRoster } from '../support/print-tickets';
import { addedInk, centroid, ink, toPixels } from '../support/raster-regions';
import { trpcCall } from '../support/school-admin';
import { legacy } from '../support/test-app';

// Print tickets on the real job path (tests/support/print-harness.ts): validation, fair order and
// positions, two classes printed and rasterised, a student deleted meanwhile, Redis lost, failure.
const DPI = 300;
const MAX_DEVIATION_PX = (0.25 / 25.4) * DPI;
let h: PrintHarness;

beforeAll(async () => {
  h = await printHarness('print');
}, 120_000);
afterAll(() => h.close());

describe('print tickets', () => {
  it('refuses an incomplete selection with the spec message', async () => {
    const res = await h.create(h.teacher, { guid: h.guid, classes: [] });
    expect(res.status).toBe(400);
    expect(res.error?.message).toContain('列印資料選擇不完整');
  });

  it('queues schools fairly: positions count the tickets ahead, other schools go between', async () => {
    const other = await signedInSchool(h.app);
    await seedRoster(h.app.deps.db, other.schoolId, 3, 1, 2);
    const otherGuid = ((await legacy(h.app, 'cards', { method: 'create', action: 'info', data: cardInfo('他校') }, other.token)).body.data as { guid: string }).guid;
    await h.convertLike(otherGuid);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(((await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [1], order: 'seat' })).data as { ticketId: number }).ticketId);
    const theirs = ((await h.create(other, { guid: otherGuid, grade: 3, classes: [1] })).data as { ticketId: number }).ticketId;
    expect(await Promise.all(ids.map(async (id) => (await h.ticket(h.teacher, id)).ahead))).toEqual([0, 2, 3]);
    expect((await h.ticket(other, theirs)).ahead).toBe(1);
    expect((await trpcCall(h.app, 'print.ticket', 'query', { ticketId: theirs }, h.teacher.token)).status).toBe(404);
    h.startPrinting();
    for (const id of ids) await h.done(h.teacher, id);
    await h.done(other, theirs);
    const finished = await h.app.deps.db.selectFrom('print_tickets').select(['id', 'finished_at']).where('id', 'in', [...ids, theirs]).orderBy('finished_at').orderBy('id').execute();
    expect(finished.map((t) => t.id)).toEqual([ids[0], theirs, ids[1], ids[2]]);
  }, 90_000);

  it('prints two classes: one file and one log row each, every copy personalised on the card outlines', async () => {
    const res = await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [2, 1], order: 'seat' });
    expect(res.data).toMatchObject({ message: '已送出列印' });
    const id = (res.data as { ticketId: number }).ticketId;
    await h.done(h.teacher, id);
    const t = await h.ticket(h.teacher, id);
    expect(t).toMatchObject({ doneStudents: 8, totalStudents: 8 });
    expect(t.classes.map((c) => [c.class, c.state, c.printed, c.filename])).toEqual([
      [1, 'done', 4, expect.stringMatching(/^期中考列印_3年1班_座號_\d{4}-\d{4}\.pdf$/)],
      [2, 'done', 4, expect.stringMatching(/^期中考列印_3年2班_座號_\d{4}-\d{4}\.pdf$/)],
    ]);
    const logs = await h.app.deps.db.selectFrom('print_logs').selectAll().where('ticket_key', 'like', `${id}-%`).execute();
    expect(logs.map((l) => l.class).sort()).toEqual(['3年1班', '3年2班']);
    const file = await legacyFile(h.app, 'cards', { method: 'download', action: 'log', id: t.classes[0].logId }, h.teacher.token);
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');

    // Page 1 of the class file (seat 1 of 3年1班) against the blank card, at 300 dpi.
    const row = await h.doc();
    const header = ZCardGeometry.parse(JSON.parse((await h.app.deps.storage.get(row.geometry_key!))!.toString())).header as HeaderFields;
    const blank = await rasterPage((await h.app.deps.storage.get(row.pdf_key!))!, 1, DPI);
    const printed = await rasterPage(file.body, 1, DPI);
    const marks = [...bubblesToFill(3, header.gradeBubbles), ...bubblesToFill(1, header.classBubbles), ...bubblesToFill(1, header.seatBubbles)];
    expect(marks.length).toBeGreaterThan(0);
    const deviations = marks.map(({ rect }) => {
      const fill = addedInk(printed, blank, rect, 1.5);
      expect(fill.length).toBeGreaterThan(50);
      const ring = centroid(ink(blank, rect, 1.5));
      const mark = centroid(fill);
      return Math.hypot(mark.x - ring.x, mark.y - ring.y);
    });
    console.log(`[print] real job path: fill vs outline, max ${Math.max(...deviations).toFixed(2)} px (limit ${MAX_DEVIATION_PX.toFixed(2)} px)`);
    for (const d of deviations) expect(d).toBeLessThanOrEqual(MAX_DEVIATION_PX);
    const name = header.name!;
    const nameInk = addedInk(printed, blank, name, 0);
    expect(nameInk.length).toBeGreaterThan(200);
    // Every pixel the print added lies in a mapped cell or bubble: the name stays in its cell.
    // The page code area differs too: the class print's code names the student, the card's does not.
    const allowed = [...TEXT_FIELDS.map((f) => header[f]), ...marks.map((m) => m.rect), ...RESERVED_ZONES].filter((r): r is Rect => !!r).map((r) => toPixels(r, DPI));
    const page = { x: 0, y: 0, w: (printed.width * 72) / DPI, h: (printed.height * 72) / DPI };
    const stray = addedInk(printed, blank, page).filter(({ x, y }) => !allowed.some((b) => x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1));
    expect(stray).toHaveLength(0);
  }, 90_000);

  it('prints the students still there when one was deleted after queueing, and says how many not', async () => {
    const worker = h.startPrinting();
    await worker.worker.pause();
    const id = ((await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [3], order: 'sort' })).data as { ticketId: number }).ticketId;
    await h.app.deps.db.deleteFrom('students').where('client_id', '=', h.teacher.schoolId).where('grade', '=', 3).where('class', '=', 3).where('seat', '=', 2).execute();
    worker.worker.resume();
    await h.done(h.teacher, id);
    expect((await h.ticket(h.teacher, id)).classes[0]).toMatchObject({ expected: 4, printed: 3, state: 'done' });
  }, 60_000);

  it('queues again from MySQL a ticket Redis lost', async () => {
    const worker = h.startPrinting();
    await worker.worker.pause();
    const id = ((await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [1] })).data as { ticketId: number }).ticketId;
    await h.app.deps.printQueue.obliterate({ force: true }); // Redis flushed: the job is gone, the row is not
    expect(await h.app.deps.printQueue.getJob(ticketJobId(id))).toBeUndefined();
    expect(await requeueLostTickets(h.app.deps.db, h.app.deps.printQueue)).toBe(1);
    expect(await requeueLostTickets(h.app.deps.db, h.app.deps.printQueue)).toBe(0);
    worker.worker.resume();
    await h.done(h.teacher, id);
  }, 60_000);

  it('fails a ticket whose card file is gone, after its retries, and says why', async () => {
    h.startPrinting();
    const card = await h.doc();
    await h.app.deps.db.updateTable('documents').set({ pdf_key: 'pdf/gone/card.pdf' }).where('id', '=', card.id).execute();
    try {
      const id = ((await h.create(h.teacher, { guid: h.guid, grade: 3, classes: [1] })).data as { ticketId: number }).ticketId;
      await expect.poll(async () => (await h.ticket(h.teacher, id)).state, { timeout: 30_000, interval: 200 }).toBe('failed');
      const t = await h.ticket(h.teacher, id);
      // Stored as our message (key and parameters), shown in the user's language (never the worker's English text).
      const stored = await h.app.deps.db.selectFrom('print_tickets').select('error').where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.error).toBe('{"key":"print.failure.filesMissing","params":{}}');
      expect(t.error).toBe(translate('tw', 'print.failure.filesMissing'));
      expect(t.error).toBe('找不到卷卡的 PDF 或位置對照檔，請重新轉存後再列印');
      expect(t.classes[0].state).toBe('failed');
      expect(t.classes[0].note).toBe(t.error);
    } finally {
      await h.app.deps.db.updateTable('documents').set({ pdf_key: card.pdf_key }).where('id', '=', card.id).execute();
    }
  }, 60_000);

  it('deleting the card deletes its files: the PDF, its map and every print-log file', async () => {
    const card = await h.doc();
    const logs = await h.app.deps.db.selectFrom('print_logs').select('storage_key').where('document_id', '=', card.id).execute();
    const keys = [card.pdf_key!, card.geometry_key!, ...logs.map((l) => l.storage_key)];
    expect(logs.length).toBeGreaterThan(0);
    for (const key of keys) expect(await h.app.deps.storage.stat(key), key).not.toBeNull();
    const res = await legacy(h.app, 'cards', { method: 'delete', action: 'card', guid: h.guid }, h.teacher.token);
    expect(res.body.status).toBe('success');
    expect(await h.app.deps.db.selectFrom('print_logs').select('id').where('document_id', '=', card.id).execute()).toHaveLength(0);
    for (const key of keys) expect(await h.app.deps.storage.stat(key), key).toBeNull();
  });
});
