import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPrintStudent } from '../../src/pdf/class-print-input';
import { readPage } from '../../src/scan/read-page';
import { ZPageReading } from '../../src/scan/page-reading';
import { startScanWorker } from '../../src/worker/scan-worker';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload } from '../support/school-admin';
import type { Signed } from '../support/card-fixtures';
import { scanSchool, storeScanCard } from '../support/scan-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import { PROFILES, scanCorpus, type CorpusPage } from '../support/scan-corpus/corpus';
import { toJpeg, toScanPdf } from '../support/scan-corpus/encode';
import { foreignPage, shuffled } from '../support/scan-corpus/habits';
import { rngFrom } from '../support/scan-corpus/pencil';
import { realClassPrint } from '../support/scan-corpus/real-print';
import { verdict } from '../support/scan-corpus/score';

// Issue 23 part 5, through the whole job with the real reader (docs/scan-batches.md "Stack
// order"): a real class print of the school's own students, filled and scanned (tests/support/
// scan-corpus), its pages shuffled, a page of another document in the middle, a page scanned
// again at the end, folded corners over a registration mark and staples beside one — one scanner
// PDF, uploaded through the door.

const STUDENTS = 4;
const SEED = 23;
const prefix = `${process.env.REDIS_PREFIX}:stack-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let teacher: Signed;
const cleanup: (() => Promise<void>)[] = [];

type Planned = { page: CorpusPage | null; what: 'card' | 'foreign' | 'again' };
type BatchPage = { index: number; status: string; card_page: number | null; student_number: string | null; warnings: string[]; reason: string | null };
type BatchData = { state: string; error: string | null; pages_total: number; warnings: { kind: string; pages: number[]; text: string }[]; pages: BatchPage[] };

let stack: Planned[] = [];
let data: BatchData;
let readings = new Map<number, ReturnType<typeof ZPageReading.parse>>();
let numbers = new Map<number, string>();
/** The (1-based) index of the page scanned again at the end. */
let twice = 0;

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, STUDENTS);
  const rows = await app.deps.db.selectFrom('students').select(['id', 'name', 'number', 'seat', 'grade', 'class']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
  numbers = new Map(rows.map((r) => [r.id, r.number]));
  const roster = rows.map((r) => ZPrintStudent.parse({ id: r.id, name: r.name, number: r.number, seat: r.seat, grade: r.grade, class: r.class, className: '一年一班' }));
  // The card first (its id is the document the page codes carry), then the print of its map.
  const placeholder = await storeScanCard(app.deps.db, app.deps.storage, teacher, '疊序測試卷');
  const print = await realClassPrint(STUDENTS, placeholder.id, roster);
  const geometry = await app.deps.db.selectFrom('documents').select('geometry_key').where('id', '=', placeholder.id).executeTakeFirstOrThrow();
  await app.deps.storage.put(geometry.geometry_key!, Buffer.from(JSON.stringify(print.map)), 'application/json');

  const pages: CorpusPage[] = [];
  for await (const page of scanCorpus({ map: print.map, print, document: placeholder.id, students: STUDENTS, dpi: 200, profile: PROFILES.office, seed: SEED, accidents: { folded: 0.3, staple: 0.3, overMark: true } })) pages.push(page);
  const rng = rngFrom(SEED);
  const cards = shuffled(pages, rng).map((page): Planned => ({ page, what: 'card' }));
  const middle = Math.floor(cards.length / 2);
  const foreign = foreignPage(200, rng, { ...PROFILES.office.degradation(rng), upsideDown: false });
  stack = [...cards.slice(0, middle), { page: { ...cards[0].page!, image: foreign, code: null, expected: [], accident: null }, what: 'foreign' }, ...cards.slice(middle)];
  // The first plain page of the stack scanned again at the end (the sheet went through the feeder twice).
  twice = stack.findIndex((p) => p.what === 'card' && !p.page!.accident) + 1;
  stack.push({ page: stack[twice - 1].page, what: 'again' });
  const pdf = await toScanPdf(await Promise.all(stack.map((p) => toJpeg(p.page!.image, 80))), 200);

  const worker = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage });
  cleanup.push(() => worker.close());
  const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: placeholder.guid }, { name: 'stack.pdf', body: Buffer.from(pdf) }, teacher.token);
  if (reply.status !== 200) throw new Error(`upload refused: ${JSON.stringify(reply.body)}`);
  const id = (reply.body.data as { batch_id: number }).batch_id;
  const get = async () => (await legacy(app, 'cards', { method: 'get', action: 'scanBatch', batch_id: id }, teacher.token)).body.data as BatchData;
  for (const until = Date.now() + 300_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) if (/done|failed/.test((await get()).state)) break;
  data = await get();
  const stored = await app.deps.db.selectFrom('scan_pages').select(['page_index', 'reading']).where('batch_id', '=', id).execute();
  readings = new Map(stored.map((r) => [r.page_index, ZPageReading.parse(JSON.parse(r.reading))]));
}, 600_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

const indexOf = (what: Planned['what']) => stack.findIndex((p) => p.what === what) + 1;

describe('a real stack through the job', () => {
  it('is read whole: every page stored once, in its upload order', () => {
    expect(data.state).toBe('done');
    expect(data.pages.map((p) => p.index)).toEqual(stack.map((_, i) => i + 1));
    expect(stack.some((p) => p.page?.accident === 'folded')).toBe(true);
    expect(stack.some((p) => p.page?.accident === 'staple')).toBe(true);
  });

  it('a shuffled stack: each page is its student’s and card page, by its code, whatever its place', () => {
    for (const [i, planned] of stack.entries()) {
      if (planned.what === 'foreign') continue;
      const page = data.pages[i];
      const code = planned.page!.code!;
      if (page.reason && page.reason !== 'scanned-twice') {
        // Set aside with its reason (a folded corner whose transform does not verify): a person looks; never another student's.
        expect(planned.page!.accident, `page ${i + 1}: ${page.reason}`).not.toBeNull();
        continue;
      }
      expect([page.card_page, page.student_number], `page ${i + 1}`).toEqual([code.page, numbers.get(code.student!)]);
    }
  });

  it('nothing is silently wrong on any page read, folded corners and staples included', () => {
    let questions = 0;
    for (const [i, planned] of stack.entries()) {
      const reading = readings.get(i + 1)!;
      if (planned.what === 'foreign' || reading.status !== 'read') continue;
      for (const e of planned.page!.expected) {
        questions++;
        expect(verdict(e, reading.questions.find((q) => q.q === e.q)), `page ${i + 1} (${planned.page!.accident ?? 'plain'}) question ${e.q}`).not.toBe('wrong');
      }
    }
    expect(questions).toBeGreaterThan(100);
  });

  it('a page of another document in the middle is set aside with its reason, not blank, and warned about', () => {
    const page = data.pages[indexOf('foreign') - 1];
    expect([page.status, page.reason, page.student_number]).toEqual(['unidentified', 'other-document', null]);
    expect(data.warnings.find((w) => w.kind === 'other-document')?.pages).toEqual([indexOf('foreign')]);
  });

  it('a page scanned twice: the later counts, the earlier is listed in the batch warning and set aside', () => {
    const earlier = data.pages[twice - 1];
    const later = data.pages[indexOf('again') - 1];
    expect([later.student_number, later.card_page, later.reason]).toEqual([earlier.student_number, earlier.card_page, null]);
    expect(data.warnings.find((w) => w.kind === 'scanned-twice')).toEqual({ kind: 'scanned-twice', pages: [twice], text: '這幾頁在同一份檔案後面又掃描了一次，以後面的為準' });
    expect([earlier.reason, earlier.warnings]).toEqual(['scanned-twice', expect.arrayContaining(['scanned-twice'])]);
  });

  it('folded corners over a registration mark and staples near one: each page read (its lost mark flagged) or set aside with a reason', () => {
    for (const [i, planned] of stack.entries()) {
      if (!planned.page?.accident || planned.what === 'foreign') continue;
      const page = data.pages[i];
      const reading = readings.get(i + 1)!;
      if (reading.status === 'read') expect(page.student_number, `page ${i + 1}`).toBe(numbers.get(planned.page.code!.student!));
      else expect(page.reason, `page ${i + 1} ${planned.page.accident}`).toBeTruthy();
      console.log(`stack: page ${i + 1} ${planned.page.accident}: ${reading.status}${reading.reason ? ` (${reading.reason})` : ''} flags ${reading.flags.join(',') || '-'}`);
    }
  });
});
