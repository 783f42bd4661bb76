import { randomUUID } from 'node:crypto';
import { PDFDocument, grayscale } from 'pdf-lib';
import sharp from 'sharp';
import { ALL_CARD_PERMISSIONS, signInto, type Signed } from './card-fixtures';
import { createSchool } from './fixtures';
import type { TestApp } from './test-app';
import type { Db } from '../../src/data/db/database';
import { insertDocument } from '../../src/data/repos/documents.repo';
import type { FileStorage } from '../../src/data/storage/file-storage';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { SCAN_MARKS, PAGE_CODE_RECT } from '../../src/shared/geometry/scan-layout';
import type { GrayImage, PageReading, ReadPageInput } from '../../src/scan/page-reading';

// Fixtures of the scan batch tests: a converted card with a v2 map, upload files whose pages say
// which page of the upload they are (two grey halves, a base-26 digit each), and a scripted reader
// that decodes that number and answers what the test says page N reads as. The app side (upload,
// queue, storage, identification, review, answers) is tested with it independently of the page
// reader, which has its own tests over real printed and filled cards.

export const SCAN_PERMISSIONS = [...ALL_CARD_PERMISSIONS, 'cards.scan' as const];
export const LAYOUT = 'T3ST';

export async function scanSchool(app: TestApp, permissions = SCAN_PERMISSIONS): Promise<Signed> {
  const school = await createSchool(app.deps.db, {}, SCAN_PERMISSIONS);
  return signInto(app, school.id, school.code, 'teacher', permissions);
}

/** A two-page card: page 1 questions 1–3 (single), page 2 questions 4–5 (4 multi), options A–D. */
export function scanTestMap(): CardGeometryV2 {
  const questions = [
    { page: 1, q: 1, kind: 'single' as const },
    { page: 1, q: 2, kind: 'single' as const },
    { page: 1, q: 3, kind: 'single' as const },
    { page: 2, q: 4, kind: 'multi' as const },
    { page: 2, q: 5, kind: 'single' as const },
  ];
  const groups = questions.map((q, i) => ({ page: q.page, q: q.q, showno: String(q.q), kind: q.kind, rect: { x: 60, y: 120 + i * 30, w: 200, h: 20 } }));
  const bubbles = groups.flatMap((g) => ['A', 'B', 'C', 'D'].map((value, v) => ({ page: g.page, q: g.q, value, showno: g.showno, rect: { x: 90 + v * 30, y: g.rect.y + 4, w: 16, h: 12 } })));
  return { version: 2, page: { w: 595.28, h: 841.89 }, pages: 2, bubbles, groups, header: null, layout: LAYOUT, marks: [...SCAN_MARKS], pageCode: { rect: PAGE_CODE_RECT, module: 0.6 } };
}

export async function storeScanCard(db: Db, storage: FileStorage, owner: { schoolId: number; userId: number }, title = '讀卡測試卷', map: CardGeometryV2 = scanTestMap()) {
  const guid = randomUUID();
  const key = `pdf/scan-fixture-${guid}/geometry.json`;
  await storage.put(key, Buffer.from(JSON.stringify(map)), 'application/json');
  const id = await insertDocument(db, { guid, kind: 'card', client_id: owner.schoolId, user_id: owner.userId, title, mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: null });
  await db.updateTable('documents').set({ status: 'converted', geometry_key: key }).where('id', '=', id).execute();
  return { id, guid };
}

/**
 * The scan test map with two written questions on page 2 (docs/grading.md): 6 a free answer with
 * a 0…10 score field (and its 自 part, one question), 7 a free answer without one.
 */
export function writtenTestMap(): CardGeometryV2 {
  const map = scanTestMap();
  const free = (q: number, y: number) => ({ page: 2, q, showno: String(q), kind: 'free' as const, rect: { x: 60, y, w: 470, h: 120 } });
  const points = Array.from({ length: 11 }, (_, i) => ({ column: 'points' as const, points: i, rect: { x: 300 + i * 18, y: 290, w: 12, h: 9 } }));
  const field = { page: 2, q: 6, showno: '6', max: 10, rect: { x: 296, y: 286, w: 230, h: 17 }, bubbles: [...points, { column: 'half' as const, points: 0.5, rect: { x: 500, y: 290, w: 12, h: 9 } }] };
  return { ...map, groups: [...map.groups, free(6, 280), free(7, 420)], scoreFields: [field] };
}

const LEVELS = 26;
const level = (digit: number) => 20 + digit * 8;
const digitOf = (value: number) => Math.round((value - 20) / 8);

/** Page n (1-based) as the two grey levels of its halves. */
const halves = (n: number): [number, number] => [level(Math.floor(n / LEVELS)), level(n % LEVELS)];

/** A PDF of `pages` A4 pages, page n marked with its number (from `from`: another stack's pages told apart, up to 675). */
export async function numberedPdf(pages: number, from = 1): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let n = from; n < from + pages; n++) {
    const page = pdf.addPage([595.28, 841.89]);
    const [left, right] = halves(n);
    page.drawRectangle({ x: 0, y: 0, width: 297.64, height: 841.89, color: grayscale(left / 255) });
    page.drawRectangle({ x: 297.64, y: 0, width: 297.64, height: 841.89, color: grayscale(right / 255) });
  }
  return Buffer.from(await pdf.save());
}

/** Page n as a PNG (an A4 at 50 dpi is enough for the scripted reader). */
export async function numberedPng(n: number): Promise<Buffer> {
  const width = 414;
  const height = 585;
  const data = Buffer.alloc(width * height);
  const [left, right] = halves(n);
  for (let y = 0; y < height; y++) data.fill(left, y * width, y * width + width / 2).fill(right, y * width + width / 2, (y + 1) * width);
  return sharp(data, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

/** The upload page number an image carries. */
export function pageNumberOf(image: GrayImage): number {
  const row = Math.floor(image.height / 2) * image.width;
  return digitOf(image.data[row + Math.floor(image.width / 4)]) * LEVELS + digitOf(image.data[row + Math.floor((3 * image.width) / 4)]);
}

type Script = (n: number) => PageReading;

/** A reader that answers the script's reading for page n, asking `mapFor` first as the real reader does. */
export function scriptedReader(script: Script, delayMs = 0) {
  const calls: number[] = [];
  const readPage = async ({ image, mapFor }: ReadPageInput): Promise<PageReading> => {
    const n = pageNumberOf(image);
    calls.push(n);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const reading = script(n);
    if (reading.code && reading.status === 'read' && !(await mapFor(reading.code))) return { ...reading, status: 'foreign', questions: [] };
    return reading;
  };
  return { readPage, calls };
}

const mapQuestions = scanTestMap().groups;

/** A read page of the card: `answers` by question number ('?' ambiguous, '!' multiple, '' blank). */
export function readPageOf(documentId: number, cardPage: number, who: { student?: number; copy?: number; header?: PageReading['header'] }, answers: Record<number, string>): PageReading {
  return {
    status: 'read',
    code: { document: documentId, layout: LAYOUT, page: cardPage, ...(who.student ? { student: who.student } : {}), ...(who.copy ? { copy: who.copy } : {}) },
    upsideDown: false,
    residualMm: 0.3,
    header: who.header ?? null,
    flags: [],
    questions: mapQuestions
      .filter((g) => g.page === cardPage)
      .map((g) => {
        const marked = answers[g.q] ?? '';
        const status = marked === '?' ? 'ambiguous' : marked === '!' ? 'multiple' : marked === '' ? 'blank' : 'ok';
        const answer = status === 'ok' ? marked : marked === '!' ? 'AB' : '';
        const fills = Object.fromEntries(['A', 'B', 'C', 'D'].map((v) => [v, answer.includes(v) ? 0.9 : v === 'A' && status === 'ambiguous' ? 0.45 : 0.02]));
        return { q: g.q, showno: g.showno, kind: g.kind ?? 'single', answer, status, fills };
      }),
  };
}

export const otherPage = (status: 'blank' | 'foreign' | 'unidentified'): PageReading => ({ status, code: null, upsideDown: false, residualMm: null, header: null, flags: [], questions: [] });

/** A PDF whose only user password is unknown: poppler refuses it ("Incorrect password"). */
export function encryptedPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -4 >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The killed-worker test's stack: page n is student ((n-1)/2)'s card page 1 or 2, all marks plain. */
export const killedTestScript = (documentId: number, studentIds: number[]) => (n: number) =>
  readPageOf(documentId, ((n - 1) % 2) + 1, { student: studentIds[Math.floor((n - 1) / 2) % studentIds.length] }, { 1: 'A', 2: 'B', 3: 'C', 4: 'D', 5: 'A' });
