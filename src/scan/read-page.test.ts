import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { scanCorpus, type CorpusPage, type ScanProfile } from '../../tests/support/scan-corpus/corpus';
import { CLEAN, type Degradation } from '../../tests/support/scan-corpus/degrade';
import { scanCardMap } from '../../tests/support/scan-corpus/scan-card-map';
import { tally } from '../../tests/support/scan-corpus/score';
import { PAGE_CODE_RECT, SCAN_MARKS } from '../shared/geometry/scan-layout';
import type { GrayImage, PageReading } from './page-reading';
import { readPage } from './read-page';

const map = scanCardMap();
const mapFor = async () => map;

async function pages(degradation: Partial<Degradation>, o: { dpi?: number; students?: number; seed?: number; faint?: number } = {}): Promise<CorpusPage[]> {
  const profile: ScanProfile = { name: 'test', jpegQuality: null, degradation: () => ({ ...CLEAN, ...degradation }) };
  const out: CorpusPage[] = [];
  for await (const page of scanCorpus({ map, document: 41, students: o.students ?? 1, dpi: o.dpi ?? 200, profile, seed: o.seed ?? 7, rates: { faint: o.faint ?? 0 } })) out.push(page);
  return out;
}

function expectRight(page: CorpusPage, reading: PageReading): void {
  expect(reading.status).toBe('read');
  expect(reading.code).toEqual(page.code);
  const byQ = new Map(reading.questions.map((q) => [q.q, q]));
  expect(tally(page.expected.map((e) => [e, byQ.get(e.q)]))).toMatchObject({ questions: page.expected.length, wrong: 0, flagged: 0 });
}

/** Paints a map rectangle (pt) white on an upright, unscaled page. */
function wipe(image: GrayImage, rect: { x: number; y: number; w: number; h: number }, dpi: number): void {
  const s = dpi / 72;
  for (let y = Math.floor(rect.y * s); y < Math.ceil((rect.y + rect.h) * s); y++) image.data.fill(255, y * image.width + Math.floor(rect.x * s), y * image.width + Math.ceil((rect.x + rect.w) * s));
}

// Each case paints and degrades its pages first: seconds on a busy 2-core machine.
describe('readPage', { timeout: 30_000 }, () => {
  it('reads a clean 300 dpi class print: code, every answer, the header digits and barcode', async () => {
    for (const page of await pages({}, { dpi: 300 })) {
      const reading = await readPage({ image: page.image, mapFor });
      expectRight(page, reading);
      expect(reading.upsideDown).toBe(false);
      expect(reading.residualMm).toBeLessThan(0.2);
      if (page.digits) expect(reading.header).toEqual({ barcode: page.barcode, ...page.digits });
      else expect(reading.header).toBeNull();
    }
  });

  it.each([
    ['turned +5°', { rotationDeg: 5, marginMm: 14 }],
    ['turned −5°', { rotationDeg: -5, marginMm: 14 }],
    ['scaled 95 %', { scale: 0.95 }],
    ['scaled 105 %', { scale: 1.05, marginMm: 8 }],
    ['shifted 10 mm', { offsetMm: { x: 10, y: -10 }, marginMm: 10 }],
    ['upside down and turned 2°', { upsideDown: true, rotationDeg: 2, marginMm: 6 }],
  ])('absorbs a page %s', async (_name, degradation) => {
    for (const page of await pages(degradation)) {
      const reading = await readPage({ image: page.image, mapFor });
      expectRight(page, reading);
      expect(reading.upsideDown).toBe(page.upsideDown);
    }
  });

  it('reads a page with one mark lost (cut off, stapled over) through the other three, either way up, and says so', async () => {
    for (const upsideDown of [false, true]) {
      const [page] = await pages({ upsideDown, rotationDeg: 1 });
      for (const lost of [0, 3]) {
        const image: GrayImage = { ...page.image, data: page.image.data.slice() };
        // On a half-turned page the mark at the top left of the image is the map's bottom right.
        const mark = SCAN_MARKS[upsideDown ? 3 - lost : lost];
        const r = mark.rect;
        wipe(image, upsideDown ? { x: 595.28 - r.x - r.w - 4, y: 841.89 - r.y - r.h - 4, w: r.w + 8, h: r.h + 8 } : { x: r.x - 4, y: r.y - 4, w: r.w + 8, h: r.h + 8 }, 200);
        const reading = await readPage({ image, mapFor });
        expectRight(page, reading);
        expect(reading.upsideDown).toBe(upsideDown);
        expect(reading.flags).toContain('three-marks');
      }
    }
  });

  it('flags faint ticks for review rather than reading them as marks', async () => {
    const sheets = await pages({}, { faint: 0.3, students: 2, seed: 11 });
    let flagged = 0;
    for (const page of sheets) {
      const reading = await readPage({ image: page.image, mapFor });
      const byQ = new Map(reading.questions.map((q) => [q.q, q]));
      const t = tally(page.expected.map((e) => [e, byQ.get(e.q)]));
      expect(t.wrong).toBe(0);
      flagged += reading.questions.filter((q) => q.status === 'ambiguous').length;
    }
    expect(flagged).toBeGreaterThan(10);
  });

  it('tells a blank back, an unreadable page, an unidentified page and a foreign one apart', async () => {
    const [page] = await pages({});
    const copy = (): GrayImage => ({ ...page.image, data: page.image.data.slice() });

    const back: GrayImage = { ...page.image, data: page.image.data.map((_, i) => 248 + (i % 7)) };
    expect((await readPage({ image: back, mapFor })).status).toBe('blank');

    const noMarks = copy();
    for (const mark of SCAN_MARKS.slice(0, 2)) wipe(noMarks, mark.rect, 200);
    expect((await readPage({ image: noMarks, mapFor })).status).toBe('unreadable');

    const noCode = copy();
    wipe(noCode, PAGE_CODE_RECT, 200);
    expect(await readPage({ image: noCode, mapFor })).toMatchObject({ status: 'unidentified', flags: ['no-page-code'] });

    expect(await readPage({ image: page.image, mapFor: async () => null })).toMatchObject({ status: 'foreign', flags: ['unknown-card'] });
    const otherLayout = { ...map, layout: 'ZZZZ' };
    expect((await readPage({ image: page.image, mapFor: async () => otherLayout })).status).toBe('foreign');

    const strange = copy();
    wipe(strange, PAGE_CODE_RECT, 200);
    const qr = QRCode.create('HELLO WORLD', { errorCorrectionLevel: 'M' });
    const s = 200 / 72;
    const module = 1.7 * s;
    for (let r = 0; r < qr.modules.size; r++) for (let c = 0; c < qr.modules.size; c++) {
      if (!qr.modules.get(r, c)) continue;
      const x0 = Math.round(PAGE_CODE_RECT.x * s + 6 + c * module);
      const y0 = Math.round(PAGE_CODE_RECT.y * s + 6 + r * module);
      for (let y = y0; y < Math.round(y0 + module); y++) strange.data.fill(0, y * strange.width + x0, y * strange.width + Math.round(x0 + module));
    }
    expect(await readPage({ image: strange, mapFor })).toMatchObject({ status: 'foreign', flags: ['not-our-code'] });
  });
});
