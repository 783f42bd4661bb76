import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCardGeometry, type HeaderFields, type Rect } from '../../src/shared/geometry/card-geometry';
import { startPdfWorker } from '../../src/worker/pdf-worker';
import { requeueLostTickets, startPrintWorker } from '../../src/worker/print-worker';
import { ticketJobId } from '../../src/worker/jobs/print-ticket.types';
import { bubblesToFill } from '../../src/worker/print/digit-marks';
import { cardInfo, legacyFile, pageOptions, signedInSchool, signInto, type Signed } from '../support/card-fixtures';
import { firstPage } from '../support/card-pages';
import { createSchool } from '../support/fixtures';
import { rasterPage } from '../support/poppler';
import { addedInk, centroid, ink, toPixels } from '../support/raster-regions';
import { seedRoster } from '../support/print-tickets';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import { trpcCall } from '../support/school-admin';

// The print service end to end on the real job path: a card converted by the pdf worker (Chromium,
// the real measurer), a ticket through tRPC, the print worker writing class files, the legacy door.
const prefix = `${process.env.REDIS_PREFIX}:print-${randomUUID().slice(0, 8)}`;
const DPI = 300;
const MAX_DEVIATION_PX = (0.25 / 25.4) * DPI;
let app: TestApp;
let teacher: Signed;
let guid = '';
let pdf: ReturnType<typeof startPdfWorker>;
let print: ReturnType<typeof startPrintWorker> | null = null;

type Ticket = { state: string; ahead: number; doneStudents: number; totalStudents: number; classes: { class: number; state: string; expected: number; printed: number; logId: number | null; filename: string | null }[] };
const create = async (who: Signed, input: unknown) => trpcCall(app, 'print.create', 'mutation', input, who.token);
const ticket = async (who: Signed, ticketId: number) => (await trpcCall(app, 'print.ticket', 'query', { ticketId }, who.token)).data as Ticket;
const startPrinting = () => (print ??= startPrintWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, lockDurationMs: 5_000 }));
const done = (who: Signed, ticketId: number) => expect.poll(async () => (await ticket(who, ticketId)).state, { timeout: 60_000, interval: 200 }).toBe('done');
const doc = () => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await signedInSchool(app);
  pdf = startPdfWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, chromiumPath: process.env.CHROMIUM_PATH!, renderTimeoutMs: 30_000, restartEvery: 50, concurrency: 1, db: app.deps.db });
  guid = ((await legacy(app, 'cards', { method: 'create', action: 'info', data: cardInfo('期中考列印') }, teacher.token)).body.data as { guid: string }).guid;
  await legacy(app, 'cards', { method: 'save', action: 'card', guid, page: 1, options: { ...pageOptions(), components: firstPage(5) } }, teacher.token);
  await legacy(app, 'cards', { method: 'save', action: 'PDF', guid }, teacher.token);
  for (let waited = 0; (await doc()).status !== 'converted'; waited += 300) {
    if (waited > 90_000) throw new Error(`card not converted: ${(await doc()).pdf_error}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await seedRoster(app.deps.db, teacher.schoolId, 3, 3, 4);
}, 120_000);
afterAll(async () => {
  await print?.close();
  await pdf.close();
  await app.deps.printQueue.obliterate({ force: true });
  await app.deps.pdfQueue.obliterate({ force: true });
  await app.close();
});

describe('print tickets', () => {
  it('refuses an incomplete selection with the spec message', async () => {
    const res = await create(teacher, { guid, classes: [] });
    expect(res.status).toBe(400);
    expect(res.error?.message).toContain('列印資料選擇不完整');
  });

  it('queues schools fairly: positions count the tickets ahead, other schools go between', async () => {
    const other = await signedInSchool(app);
    await seedRoster(app.deps.db, other.schoolId, 3, 1, 2);
    const otherGuid = ((await legacy(app, 'cards', { method: 'create', action: 'info', data: cardInfo('他校') }, other.token)).body.data as { guid: string }).guid;
    const own = await doc();
    // The other school's card shares the converted files: only the queue order matters here.
    await app.deps.db.updateTable('documents').set({ status: 'converted', pdf_key: own.pdf_key, geometry_key: own.geometry_key }).where('guid', '=', otherGuid).execute();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(((await create(teacher, { guid, grade: 3, classes: [1], order: 'seat' })).data as { ticketId: number }).ticketId);
    const theirs = ((await create(other, { guid: otherGuid, grade: 3, classes: [1] })).data as { ticketId: number }).ticketId;
    expect(await Promise.all(ids.map(async (id) => (await ticket(teacher, id)).ahead))).toEqual([0, 2, 3]);
    expect((await ticket(other, theirs)).ahead).toBe(1);
    expect((await trpcCall(app, 'print.ticket', 'query', { ticketId: theirs }, teacher.token)).status).toBe(404);
    startPrinting();
    for (const id of ids) await done(teacher, id);
    await done(other, theirs);
    const finished = await app.deps.db.selectFrom('print_tickets').select(['id', 'finished_at']).where('id', 'in', [...ids, theirs]).orderBy('finished_at').orderBy('id').execute();
    expect(finished.map((t) => t.id)).toEqual([ids[0], theirs, ids[1], ids[2]]);
  }, 90_000);

  it('prints two classes: one file and one log row each, every copy personalised on the card outlines', async () => {
    const res = await create(teacher, { guid, grade: 3, classes: [2, 1], order: 'seat' });
    expect(res.data).toMatchObject({ message: '已送出列印' });
    const id = (res.data as { ticketId: number }).ticketId;
    await done(teacher, id);
    const t = await ticket(teacher, id);
    expect(t).toMatchObject({ doneStudents: 8, totalStudents: 8 });
    expect(t.classes.map((c) => [c.class, c.state, c.printed, c.filename])).toEqual([
      [1, 'done', 4, '期中考列印-3年1班.pdf'],
      [2, 'done', 4, '期中考列印-3年2班.pdf'],
    ]);
    const logs = await app.deps.db.selectFrom('print_logs').selectAll().where('ticket_key', 'like', `${id}-%`).execute();
    expect(logs.map((l) => l.class).sort()).toEqual(['3年1班', '3年2班']);
    const file = await legacyFile(app, 'cards', { method: 'download', action: 'log', id: t.classes[0].logId }, teacher.token);
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');

    // Page 1 of the class file (seat 1 of 3年1班) against the blank card, at 300 dpi.
    const row = await doc();
    const header = ZCardGeometry.parse(JSON.parse((await app.deps.storage.get(row.geometry_key!))!.toString())).header as HeaderFields;
    const blank = rasterPage((await app.deps.storage.get(row.pdf_key!))!, 1, DPI);
    const printed = rasterPage(file.body, 1, DPI);
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
    const allowed = [header.name, header.number, header.seat, header.className, header.barcode, ...marks.map((m) => m.rect)].filter((r): r is Rect => !!r).map((r) => toPixels(r, DPI));
    const page = { x: 0, y: 0, w: (printed.width * 72) / DPI, h: (printed.height * 72) / DPI };
    const stray = addedInk(printed, blank, page).filter(({ x, y }) => !allowed.some((b) => x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1));
    expect(stray).toHaveLength(0);
  }, 90_000);

  it('prints the students still there when one was deleted after queueing, and says how many not', async () => {
    const worker = startPrinting();
    await worker.worker.pause();
    const id = ((await create(teacher, { guid, grade: 3, classes: [3], order: 'sort' })).data as { ticketId: number }).ticketId;
    await app.deps.db.deleteFrom('students').where('client_id', '=', teacher.schoolId).where('grade', '=', 3).where('class', '=', 3).where('seat', '=', 2).execute();
    worker.worker.resume();
    await done(teacher, id);
    expect((await ticket(teacher, id)).classes[0]).toMatchObject({ expected: 4, printed: 3, state: 'done' });
  }, 60_000);

  it('queues again from MySQL a ticket Redis lost', async () => {
    const worker = startPrinting();
    await worker.worker.pause();
    const id = ((await create(teacher, { guid, grade: 3, classes: [1] })).data as { ticketId: number }).ticketId;
    await app.deps.printQueue.obliterate({ force: true }); // Redis flushed: the job is gone, the row is not
    expect(await app.deps.printQueue.getJob(ticketJobId(id))).toBeUndefined();
    expect(await requeueLostTickets(app.deps.db, app.deps.printQueue)).toBe(1);
    expect(await requeueLostTickets(app.deps.db, app.deps.printQueue)).toBe(0);
    worker.worker.resume();
    await done(teacher, id);
  }, 60_000);

  it('fails a ticket whose card file is gone, after its retries, and says why', async () => {
    startPrinting();
    const card = await doc();
    await app.deps.db.updateTable('documents').set({ pdf_key: 'pdf/gone/card.pdf' }).where('id', '=', card.id).execute();
    try {
      const id = ((await create(teacher, { guid, grade: 3, classes: [1] })).data as { ticketId: number }).ticketId;
      await expect.poll(async () => (await ticket(teacher, id)).state, { timeout: 30_000, interval: 200 }).toBe('failed');
      const t = (await trpcCall(app, 'print.ticket', 'query', { ticketId: id }, teacher.token)).data as Ticket & { error: string };
      expect(t.error).toContain('missing from storage');
      expect(t.classes[0].state).toBe('failed');
    } finally {
      await app.deps.db.updateTable('documents').set({ pdf_key: card.pdf_key }).where('id', '=', card.id).execute();
    }
  }, 60_000);

  it('get PDF answers the class file, and refusals as the spec says', async () => {
    const file = await legacyFile(app, 'cards', { method: 'get', action: 'PDF', guid, grade: 3, class: 1, order: 'seat' }, teacher.token);
    expect(file).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(decodeURIComponent(file.disposition)).toContain('期中考列印-3年1班.pdf');

    const draft = ((await legacy(app, 'cards', { method: 'create', action: 'info', data: cardInfo('未轉存') }, teacher.token)).body.data as { guid: string }).guid;
    const notConverted = await legacy(app, 'cards', { method: 'get', action: 'PDF', guid: draft, grade: 3, class: 1 }, teacher.token);
    expect(notConverted.body).toMatchObject({ code: 200, message: '試卷尚未進行轉存，請先於試卷列表進行轉存' });

    const empty = await createSchool(app.deps.db, {}, ['cards.view', 'cards.print', 'cards.edit']);
    const stranger = await signInto(app, empty.id, empty.code, 'teacher', ['cards.view', 'cards.print', 'cards.edit']);
    const theirs = ((await legacy(app, 'cards', { method: 'create', action: 'info', data: cardInfo('無學生') }, stranger.token)).body.data as { guid: string }).guid;
    const own = await doc();
    await app.deps.db.updateTable('documents').set({ status: 'converted', pdf_key: own.pdf_key, geometry_key: own.geometry_key }).where('guid', '=', theirs).execute();
    const noStudents = await legacy(app, 'cards', { method: 'get', action: 'PDF', guid: theirs, grade: 3, class: 1 }, stranger.token);
    expect(noStudents.body).toMatchObject({ code: 200, message: '尚未匯入學生資料，請至「學生資料 > 匯入學生名單」匯入' });

    const viewer = await signInto(app, teacher.schoolId, (await app.deps.db.selectFrom('clients').select('code').where('id', '=', teacher.schoolId).executeTakeFirstOrThrow()).code, 'teacher', ['cards.view']);
    const forbidden = await legacy(app, 'cards', { method: 'get', action: 'PDF', guid, grade: 3, class: 1 }, viewer.token);
    expect(forbidden.body.code).toBe(403);
  }, 60_000);

  it('deleting a log deletes its file; another school cannot reach it', async () => {
    const logs = (await legacy(app, 'cards', { method: 'get', action: 'logs', guid }, teacher.token)).body.data as { data: { id: number }[] };
    const log = await app.deps.db.selectFrom('print_logs').selectAll().where('id', '=', logs.data[0].id).executeTakeFirstOrThrow();
    expect(await app.deps.storage.stat(log.storage_key)).not.toBeNull();
    const other = await signedInSchool(app);
    expect((await legacy(app, 'cards', { method: 'delete', action: 'log', id: log.id }, other.token)).status).toBe(404);
    expect((await legacy(app, 'cards', { method: 'delete', action: 'log', id: log.id }, teacher.token)).body.message).toBe('成功!');
    expect(await app.deps.storage.stat(log.storage_key)).toBeNull();
  });
});
