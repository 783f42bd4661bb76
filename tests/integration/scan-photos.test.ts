import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPrintStudent } from '../../src/pdf/class-print-input';
import { ZPageReading, type PageReading } from '../../src/scan/page-reading';
import { readPage } from '../../src/scan/read-page';
import { startScanWorker } from '../../src/worker/scan-worker';
import type { Signed } from '../support/card-fixtures';
import { seedRoster } from '../support/print-tickets';
import { scanSchool, storeScanCard } from '../support/scan-fixtures';
import { photoCorpus, type PhotoPage } from '../support/scan-corpus/photo';
import { realClassPrint } from '../support/scan-corpus/real-print';
import { verdict } from '../support/scan-corpus/score';
import { legacyUpload } from '../support/school-admin';
import { storedZip } from '../support/stored-zip';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 29 parts 1–2 through the legacy API and the real job: phone photos of a real class print
// (tests/support/scan-corpus/photo.ts: a 26 mm-equivalent lens, tilt, any turn, page 55–97 % of
// the frame, light gradients and hand shadows, blur, JPEG 70–85, 3 and 12 MP, EXIF turns) uploaded
// as a ZIP of JPEGs and one single JPEG. Within the limits (tilt ≤ 15°, page ≥ 60 %,
// shadow ≤ 60 %, blur ≤ 3 px; every fourth photo at their corner, codes blurred past ZXing among
// them): every page identified, ≥ 99.5 % of questions right, none silently wrong. Beyond them (in
// one way or several): flagged or set aside, never silently wrong.

const STUDENTS = Number(process.env.PHOTO_STUDENTS ?? 8);
const BEYOND_STUDENTS = 3;
/** Students whose sheets are all photographed at the limits' corner at any turn (the set `corners`). */
const CORNER_STUDENTS = 4;
const prefix = `${process.env.REDIS_PREFIX}:photos-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let teacher: Signed;
let guid = '';
const cleanup: (() => Promise<void>)[] = [];
let numbers = new Map<number, string>();

type BatchPage = { index: number; status: string; card_page: number | null; student_number: string | null; warnings: string[]; reason: string | null };
type BatchData = { state: string; error: string | null; pages_total: number; warnings: { kind: string; pages: number[]; text: string }[]; pages: BatchPage[] };

async function upload(name: string, body: Buffer): Promise<{ data: BatchData; readings: Map<number, PageReading> }> {
  const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid }, { name, body }, teacher.token);
  if (reply.status !== 200) throw new Error(`upload refused: ${JSON.stringify(reply.body)}`);
  const id = (reply.body.data as { batch_id: number }).batch_id;
  const get = async () => (await legacy(app, 'cards', { method: 'get', action: 'scanBatch', batch_id: id }, teacher.token)).body.data as BatchData;
  for (const until = Date.now() + 300_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) if (/done|failed/.test((await get()).state)) break;
  const data = await get();
  const stored = await app.deps.db.selectFrom('scan_pages').select(['page_index', 'reading']).where('batch_id', '=', id).execute();
  return { data, readings: new Map(stored.map((r) => [r.page_index, ZPageReading.parse(JSON.parse(r.reading))])) };
}

type Figures = { pages: number; identified: number; setAside: number; questions: number; right: number; flagged: number; wrong: number };

function figures(photos: PhotoPage[], data: BatchData, readings: Map<number, PageReading>, only: (photo: PhotoPage) => boolean = () => true): Figures {
  const f: Figures = { pages: photos.filter(only).length, identified: 0, setAside: 0, questions: 0, right: 0, flagged: 0, wrong: 0 };
  photos.forEach((photo, i) => {
    if (!only(photo)) return;
    const page = data.pages[i];
    const reading = readings.get(i + 1);
    const ours = page && page.card_page === photo.code.page && page.student_number === numbers.get(photo.code.student!);
    if (reading?.status === 'read' && !ours) {
      // Read as another page (or another student): every answer lands on the wrong sheet — silently wrong.
      console.log(`photo ${i + 1} read as card page ${page?.card_page} of ${page?.student_number}: ${JSON.stringify(photo.params)}`);
      f.questions += photo.expected.length;
      f.wrong += photo.expected.length;
      return;
    }
    if (reading?.status === 'read') f.identified++;
    else f.setAside++;
    if (reading?.status !== 'read') {
      // Set aside: a person looks at it; every question counts as flagged, none as read.
      f.questions += photo.expected.length;
      f.flagged += photo.expected.length;
      return;
    }
    for (const e of photo.expected) {
      f.questions++;
      const v = verdict(e, reading.questions.find((q) => q.q === e.q));
      if (v === 'flagged' && process.env.PHOTO_DEBUG) console.log(`photo ${i + 1} q${e.q} flagged: expected ${e.status} ${e.answer}, read ${JSON.stringify(reading.questions.find((q) => q.q === e.q))} blur ${photo.codeBlur.toFixed(2)} ${JSON.stringify(photo.params)}`);
      if (v === 'wrong') console.log(`photo ${i + 1} q${e.q}: expected ${e.status} ${e.answer}, read ${JSON.stringify(reading.questions.find((q) => q.q === e.q))} ${JSON.stringify(photo.params)}`);
      f[v === 'lost' ? 'wrong' : v]++;
    }
  });
  return f;
}

let within: PhotoPage[] = [];
let beyond: PhotoPage[] = [];
let corners: PhotoPage[] = [];
let zipRun: { data: BatchData; readings: Map<number, PageReading> };
let cornerRun: { data: BatchData; readings: Map<number, PageReading> };

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, STUDENTS + BEYOND_STUDENTS + CORNER_STUDENTS);
  const rows = await app.deps.db.selectFrom('students').select(['id', 'name', 'number', 'seat', 'grade', 'class']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
  numbers = new Map(rows.map((r) => [r.id, r.number]));
  const roster = rows.map((r) => ZPrintStudent.parse({ id: r.id, name: r.name, number: r.number, seat: r.seat, grade: r.grade, class: r.class, className: '一年一班' }));
  const card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '手機拍照測試卷');
  guid = card.guid;
  const print = await realClassPrint(roster.length, card.id, roster);
  const geometry = await app.deps.db.selectFrom('documents').select('geometry_key').where('id', '=', card.id).executeTakeFirstOrThrow();
  await app.deps.storage.put(geometry.geometry_key!, Buffer.from(JSON.stringify(print.map)), 'application/json');
  const options = { map: print.map, document: card.id, seed: 29 };
  within = await photoCorpus({ ...options, print, students: STUDENTS, set: 'within' });
  beyond = await photoCorpus({ ...options, print, firstStudent: STUDENTS, students: BEYOND_STUDENTS, set: 'beyond', seed: 30 });
  const worker = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage });
  cleanup.push(() => worker.close());
  zipRun = await upload('photos.zip', storedZip([...within, ...beyond].map((p, i) => ({ name: `IMG_${1000 + i}.jpg`, body: p.jpeg }))));
  corners = await photoCorpus({ ...options, print, firstStudent: STUDENTS + BEYOND_STUDENTS, students: CORNER_STUDENTS, set: 'corners', seed: 38 });
  cornerRun = await upload('corners.zip', storedZip(corners.map((p, i) => ({ name: `IMG_${2000 + i}.jpg`, body: p.jpeg }))));
}, 900_000);

afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

describe('phone photos through the legacy API', () => {
  it('a ZIP of JPEGs is read whole, page by page', () => {
    expect(zipRun.data.state).toBe('done');
    expect(zipRun.data.pages).toHaveLength(within.length + beyond.length);
  });

  it('within the limits (tilt ≤ 15°, any turn, page ≥ 60 %, shadow ≤ 60 %, blur ≤ 3 px): 100 % identified, ≥ 99.5 % right, 0 silently wrong', () => {
    // Every fourth photo stands at the limits' corner; a page code blurred over 0.55 of a module
    // (σ 3 px on a 12 MP frame where the sheet fills 60 %) is past ZXing's own reading and read on
    // its known grid (src/scan/code-grid.ts) — the set must hold such pages.
    const blurred = within.filter((p) => p.codeBlur >= 0.55);
    expect(blurred.length).toBeGreaterThanOrEqual(2);
    const f = figures(within, zipRun.data, zipRun.readings);
    console.log('photos within the limits:', JSON.stringify(f), `— of them ${blurred.length} with the code blurred over 0.55 module:`, JSON.stringify(figures(within, zipRun.data, zipRun.readings, (p) => p.codeBlur >= 0.55)));
    within.forEach((photo, i) => expect(zipRun.readings.get(i + 1)?.status, `photo ${i + 1} (code blurred ${photo.codeBlur.toFixed(2)} module) ${JSON.stringify(photo.params)}`).toBe('read'));
    expect(f.identified).toBe(f.pages);
    expect(f.wrong).toBe(0);
    expect(f.right / f.questions).toBeGreaterThanOrEqual(0.995);
  });

  it('beyond them (tilt 15–25°, page 55–60 %, shadow 60–80 % or blur 3–5 px, one or more at once): flagged or set aside, never silently wrong', () => {
    const offset = within.length;
    const data = { ...zipRun.data, pages: zipRun.data.pages.slice(offset) };
    const readings = new Map([...zipRun.readings].filter(([i]) => i > offset).map(([i, r]) => [i - offset, r]));
    const f = figures(beyond, data, readings);
    console.log('photos beyond the limits:', JSON.stringify(f));
    expect(f.wrong).toBe(0);
  });

  it('every photo at the limits\' corner at any turn (tilt 15°, the turned sheet\'s box 60 % of the frame, blur 3 px, JPEG 70): every page identified, none silently wrong', () => {
    // Turned 45°, the page's own long side is about 37 % of the frame's: its code's modules 1.5 px
    // of a 3 MP frame, blurred up to a module — read on its grid, or matched whole on its pixels
    // among the school's codes (code-candidates.ts matchOnPixels).
    expect(cornerRun.data.state).toBe('done');
    const f = figures(corners, cornerRun.data, cornerRun.readings);
    console.log('photos at the limits\' corner, any turn:', JSON.stringify(f), corners.map((p, i) => `${i + 1}: ${p.params.megapixels} MP ${p.params.rotationDeg.toFixed(0)}° blur ${p.codeBlur.toFixed(2)} ${cornerRun.readings.get(i + 1)?.status}`).join('; '));
    corners.forEach((photo, i) => expect(cornerRun.readings.get(i + 1)?.status, `photo ${i + 1} (code blurred ${photo.codeBlur.toFixed(2)} module) ${JSON.stringify(photo.params)}`).toBe('read'));
    expect(f.identified).toBe(f.pages);
    expect(f.wrong).toBe(0);
  });

  it('one JPEG on its own (EXIF-turned when the corpus made one so) is read', async () => {
    const photo = within.find((p) => p.params.exif !== 1) ?? within[0];
    const { data, readings } = await upload('IMG_0001.jpg', photo.jpeg);
    expect(data.state).toBe('done');
    expect(readings.get(1)?.status).toBe('read');
    expect(data.pages[0].student_number).toBe(numbers.get(photo.code.student!));
  });
});
