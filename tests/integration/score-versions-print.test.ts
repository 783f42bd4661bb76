import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeClassPdf } from '../../src/pdf/compose-class-pdf';
import { printCardOf } from '../../src/pdf/print-source';
import { readPage } from '../../src/scan/read-page';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { studentVersion } from '../../src/shared/print/exam-versions';
import type { ItemAnalysis, KeyView, Results } from '../../src/shared/schemas/scores';
import { startScanWorker } from '../../src/worker/scan-worker';
import type { Signed } from '../support/card-fixtures';
import { convertedCard } from '../support/converted-card';
import { fillClassPrint } from '../support/fill-print';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload, trpcCall } from '../support/school-admin';
import { scanSchool } from '../support/scan-fixtures';
import { legacyFile } from '../support/score-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 26's "done means": a two-version class print (A/B 卷 alternating by seat) of a real
// conversion, filled in pencil with each version's own answers, scanned at 200 dpi and read by the
// real reader; the page codes carry each sheet's version, and with the master key and version B's
// order every sheet is scored against the right key.
const prefix = `${process.env.REDIS_PREFIX}:score-versions-${randomUUID().slice(0, 8)}`;
const QUESTIONS = 6;
/** The master (A 卷) key. */
const KEY = ['B', 'D', 'A', 'C', 'C', 'A'];
/** B 卷: printed question i is master ORDER_B[i − 1]; printed 2's five options reversed (printed A is master E …). */
const ORDER_B = [3, 1, 2, 6, 4, 5];
const OPTIONS_B: Record<number, string> = { 2: 'EDCBA' };
let app: TestApp;
let teacher: Signed;
let map: CardGeometryV2;
const card = { id: 0, guid: '' };
const cleanup: (() => Promise<void>)[] = [];

/** What a student of `version` marks on printed question q to answer master question m with `value`. */
function printedAnswer(version: string, q: number, wrong: boolean): string {
  const master = version === 'A' ? q : ORDER_B[q - 1];
  const right = KEY[master - 1];
  const value = wrong ? (right === 'A' ? 'B' : 'A') : right;
  const order = version === 'B' ? OPTIONS_B[q] : undefined;
  return order ? 'ABCDE'[order.indexOf(value)] : value;
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, 4);
  const converted = await convertedCard(app, teacher, '段考', QUESTIONS);
  Object.assign(card, { id: converted.id, guid: converted.guid });
  map = converted.map;
  const base = converted.base;
  // The class print as the print worker composes it: versions by seat (A, B, A, B).
  const roster = await app.deps.db.selectFrom('students').select(['id', 'name', 'number', 'seat', 'exam_version']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
  const students = roster.map((r) => ({ id: r.id, name: r.name, number: r.number, seat: r.seat, grade: 1, class: 1, className: '1年1班', version: studentVersion(r, 2, 'seat')! }));
  const printed = await composeClassPdf({ card: base, ...printCardOf(map, card.id), students });
  // Seat 1 (A) all right, seat 2 (B) all right, seat 3 (A) printed 1–2 wrong, seat 4 (B) printed 2 wrong.
  const wrong = (s: number, q: number) => (s === 2 && q <= 2) || (s === 3 && q === 2);
  const scan = await fillClassPrint(printed, map, (s, q) => (q <= QUESTIONS ? printedAnswer(students[s].version, q, wrong(s, q)) : ''));
  const worker = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage });
  cleanup.push(() => worker.close());
  const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: '段考.pdf', body: scan }, teacher.token);
  expect(reply.status).toBe(200);
  batchId = (reply.body.data as { batch_id: number }).batch_id;
}, 180_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

let batchId = 0;
const cards = (body: Record<string, unknown>) => legacy(app, 'cards', { guid: card.guid, ...body }, teacher.token);
const results = async (input: Record<string, unknown> = {}) => (await trpcCall(app, 'scores.results', 'query', { guid: card.guid, ...input }, teacher.token)).data as Results;

describe('a two-version class print, filled, scanned and read', () => {
  it("reads every sheet's version from its page code", async () => {
    const batch = async () => (await cards({ method: 'get', action: 'scanBatch', batch_id: batchId })).body.data as { state: string; pages: { status: string; seat: number; version: string | null; answers: Record<string, string> }[] };
    await expect.poll(async () => (await batch()).state, { timeout: 90_000, interval: 300 }).toBe('done');
    const pages = (await batch()).pages;
    expect(pages.map((p) => [p.seat, p.version, p.status])).toEqual([
      [1, 'A', 'read'],
      [2, 'B', 'read'],
      [3, 'A', 'read'],
      [4, 'B', 'read'],
    ]);
    // Seat 2's sheet as printed on B: master 3 (A) first, master 1 (B) on printed 2 whose options run E D C B A → printed D.
    expect(pages[1].answers).toMatchObject({ 1: 'A', 2: 'D', 3: 'D' });
  });

  it('scores every sheet against the right key once B has its order', async () => {
    expect((await cards({ method: 'save', action: 'answerKey', key: Object.fromEntries(KEY.map((answer, i) => [i + 1, { answer }])) })).status).toBe(200);
    const before = await results();
    expect(before.students.map((s) => [s.seat, s.score])).toEqual([
      [1, 6],
      [3, 4],
    ]);
    expect(before.versions).toEqual([
      { version: 'A', students: 2, ordered: true },
      { version: 'B', students: 2, ordered: false },
    ]);
    const order = Object.fromEntries(ORDER_B.map((master, i) => [i + 1, { master, options: OPTIONS_B[i + 1] ?? null }]));
    const saved = await cards({ method: 'save', action: 'answerKey', version: 'B', key: order });
    expect([saved.status, saved.body.message]).toEqual([200, `已儲存 B 卷題序（${QUESTIONS} 題）`]);
    const after = await results();
    expect(after.students.map((s) => [s.seat, s.version, s.score, s.rank])).toEqual([
      [1, 'A', 6, 1],
      [2, 'B', 6, 1],
      [3, 'A', 4, 4],
      [4, 'B', 5, 3],
    ]);
    // Seat 4 missed printed 2 = master 1.
    expect(after.students[3].correct).toMatchObject({ 1: false, 2: true, 3: true });
    expect((await results({ version: 'B' })).students.map((s) => s.seat)).toEqual([2, 4]);
  });

  it('item analysis is per master question across both versions', async () => {
    const { items, count } = (await trpcCall(app, 'scores.items', 'query', { guid: card.guid }, teacher.token)).data as { items: ItemAnalysis[]; count: number };
    expect(count).toBe(4);
    // Master 1 (key B): wrong for seat 3 (A, printed 1) and seat 4 (B, printed 2). Master 2: seat 3 only.
    expect(items.map((i) => i.difficulty)).toEqual([0.5, 0.75, 1, 1, 1, 1]);
    expect(items[0].options.find((o) => o.is_key)).toMatchObject({ value: 'B', count: 2 });
  });

  it("B's option order read from B's scanned key sheet (…/K/VB), against the master key", async () => {
    // B's own key sheet, marked with B's right answers as printed on B, scanned and read.
    const file = await legacyFile(app, { method: 'download', action: 'keySheet', guid: card.guid, version: 'B' }, teacher.token);
    expect(file.status).toBe(200);
    const scan = await fillClassPrint(new Uint8Array(file.bytes), map, (_s, q) => (q <= QUESTIONS ? printedAnswer('B', q, false) : ''));
    const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: 'B卷答案卷.pdf', body: scan }, teacher.token);
    expect(reply.status).toBe(200);
    const sheetBatch = (reply.body.data as { batch_id: number }).batch_id;
    const batch = async () => (await cards({ method: 'get', action: 'scanBatch', batch_id: sheetBatch })).body.data as { state: string; pages: { status: string; version: string | null }[] };
    await expect.poll(async () => (await batch()).state, { timeout: 90_000, interval: 300 }).toBe('done');
    expect((await batch()).pages).toMatchObject([{ status: 'key', version: 'B' }]);
    const key = (await trpcCall(app, 'scores.key', 'query', { guid: card.guid }, teacher.token)).data as KeyView;
    // Not the master key: offered on B's row only.
    expect(key.scanned_key).toBeNull();
    expect(key.versions.find((v) => v.version === 'B')?.scanned_key?.answers).toEqual(Object.fromEntries(Array.from({ length: QUESTIONS }, (_, i) => [String(i + 1), printedAnswer('B', i + 1, false)])));

    // B's question order typed without its option orders: printed 2 (options reversed) now scores wrong for everyone on B.
    const typed = await cards({ method: 'save', action: 'answerKey', version: 'B', key: Object.fromEntries(ORDER_B.map((master, i) => [i + 1, { master }])) });
    expect(typed.status).toBe(200);
    expect((await results()).students.map((s) => [s.seat, s.score])).toEqual([
      [1, 6],
      [2, 5],
      [3, 4],
      [4, 5],
    ]);
    // The sheet places printed 2's right option (D stands for master 1's B); the typed question order is kept.
    const used = await trpcCall(app, 'scores.useScannedKey', 'mutation', { guid: card.guid, version: 'B' }, teacher.token);
    expect((used.data as { message: string }).message).toBe(`已依 B 卷答案卷設定選項順序（${QUESTIONS} 題，1 題的正確選項與母卷不同），題序沿用已儲存的 B 卷題序`);
    const after = (await trpcCall(app, 'scores.key', 'query', { guid: card.guid }, teacher.token)).data as KeyView;
    const b = after.versions.find((v) => v.version === 'B')!;
    expect(b.questions?.map((e) => e.master)).toEqual(ORDER_B);
    expect(b.questions?.[1].options).toEqual(['A', 'D', 'C', 'B', 'E']);
    expect((await results()).students.map((s) => [s.seat, s.version, s.score])).toEqual([
      [1, 'A', 6],
      [2, 'B', 6],
      [3, 'A', 4],
      [4, 'B', 5],
    ]);
    // No sheet of C: said, nothing saved.
    const none = await trpcCall(app, 'scores.useScannedKey', 'mutation', { guid: card.guid, version: 'C' }, teacher.token);
    expect([none.status, none.error?.message]).toEqual([409, '尚未掃描 C 卷的答案卷']);
  }, 120_000);
});
