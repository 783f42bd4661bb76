import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubbleInk, measured, pageBase, paperWhite } from '../../src/scan/bubble-fills';
import { locatePage } from '../../src/scan/page-transform';
import { renderPdfPage } from '../../src/scan/pdf-pages';
import { readQuestion } from '../../src/scan/question-status';
import { readPage, type GrayImage } from '../../src/scan/read-page';
import { ZCardGeometryV2, type CardGeometryV2, type Rect, type ScoreColumn, type ScoreField } from '../../src/shared/geometry/card-geometry';
import { questionScoreFromFields, scoreFieldPoints, type ScoreColumnReading } from '../../src/shared/scoring/score-field-points';
import { cardInfo, legacyFile, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { pdfText } from '../support/poppler';
import { edgeDeviationMm, findDrawnBox, rasterisePage, type PixelTest, type Raster } from '../support/raster';
import { pencilFill } from '../support/pencil-fill';
import { scoreBoxPages } from '../support/score-box-card';
import { legacy, startTestApp, type TestApp } from '../support/test-app';
import { renderDocumentHtml } from '../../src/shared/card/render/render-card-html';
import { MARK_ATTRIBUTES, measureMarksInPage } from '../../src/shared/geometry/measure-marks';
import { cardGeometryFromMarks } from '../../src/shared/geometry/card-geometry-from-marks';
import { CHROMIUM_ARGS } from '../../src/worker/render/browser-host';

// 閱卷給分格 through the real conversion: a card whose free answers carry every kind of score
// field is saved, converted by a PDF worker in a process of its own, and its stored PDF checked
// against its stored map at 200 dpi, a scanner's resolution. Then the fields are filled in
// pencil on a 200 dpi raster and read with the page reader's own measures, column by column as
// docs/omr-geometry.md "Score fields: reading" says, into each question's points.
const prefix = `${process.env.REDIS_PREFIX}:score-fields-${randomUUID().slice(0, 8)}`;
const TOLERANCE_MM = 0.25;
const DPI = 200;
const magenta: PixelTest = (r, g, b) => r - g > 40 && b - g > 20;
let app: TestApp;
let teacher: Signed;
let worker: ChildProcess | null = null;
let guid = '';
let pdf: Buffer;
let map: CardGeometryV2;

const cards = (body: Record<string, unknown>) => legacy(app, 'cards', body, teacher.token);
const row = () => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await signedInSchool(app);
  guid = ((await cards({ method: 'create', action: 'info', data: cardInfo('閱卷給分格') })).body.data as { guid: string }).guid;
  for (const [i, components] of scoreBoxPages().entries()) {
    const saved = await cards({ method: 'save', action: 'card', guid, page: i + 1, options: { ...pageOptions(), components, assets: [] } });
    expect(saved.body.message).toBe('儲存成功');
  }
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await app.deps.pdfQueue.obliterate({ force: true });
  await app.close();
});

describe('score fields converted by the PDF worker', () => {
  it('converts the card in a worker process and stores its PDF and map', async () => {
    expect((await cards({ method: 'save', action: 'PDF', guid })).body.code).toBe(200);
    worker = spawn(process.execPath, ['--import', 'tsx', 'tests/support/pdf-worker-process.ts'], {
      env: { ...process.env, WORKER_PREFIX: prefix, WORKER_STORAGE_DIR: process.env.STORAGE_DIR, WORKER_LOCK_MS: '30000', WORKER_DATABASE_URL: process.env.DATABASE_URL },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect.poll(async () => (await row()).status, { timeout: 120_000, interval: 200 }).toBe('converted');
    const doc = await row();
    pdf = (await app.deps.storage.get(doc.pdf_key!))!;
    map = ZCardGeometryV2.parse(JSON.parse((await app.deps.storage.get(doc.geometry_key!))!.toString()));
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/score-fields.pdf', pdf); // for a person to look at
  }, 180_000);

  it('maps every field with its question, max and the bubbles of its layout', () => {
    const fields = map.scoreFields ?? [];
    expect(fields.map((f) => [f.page, f.q, f.showno, f.max, f.bubbles.length])).toEqual([
      [1, 9, '9', 5, 6],
      [1, 10, '10', 10, 12],
      [1, 11, '11', 15, 12],
      [1, 12, '12', 20.5, 14],
      [2, 13, '13', 99.5, 21],
      [2, 13, '自', 8, 9],
    ]);
    for (const field of fields) {
      const group = map.groups.find((g) => g.page === field.page && g.q === field.q && g.showno === field.showno)!;
      expect(group.kind).toBe('free');
      expect(inside(field.rect, group.rect), `field of ${field.q}${field.showno}`).toBe(true);
    }
    // The choice questions' map is untouched by the fields: 8 × A–D.
    expect(map.bubbles).toHaveLength(32);
  });

  it('prints every score bubble where the map says, within 0.25 mm at 200 dpi', async () => {
    const rasters = new Map<number, Raster>();
    let worst = 0;
    for (const field of map.scoreFields!) {
      if (!rasters.has(field.page)) rasters.set(field.page, await rasterisePage(pdf, field.page, DPI));
      for (const bubble of field.bubbles) {
        const drawn = findDrawnBox(rasters.get(field.page)!, bubble.rect, magenta);
        expect(drawn, `nothing drawn near ${field.q} ${bubble.column}:${bubble.points}`).not.toBeNull();
        worst = Math.max(worst, edgeDeviationMm(drawn!, bubble.rect));
      }
    }
    console.log(`[score fields] ${map.scoreFields!.flatMap((f) => f.bubbles).length} score bubbles; max raster deviation at ${DPI} dpi: ${worst.toFixed(3)} mm`);
    expect(worst).toBeLessThanOrEqual(TOLERANCE_MM);
  }, 60_000);

  it('draws each field and its bubbles on the numbered check PDF (題號檢查)', async () => {
    const res = await legacyFile(app, 'cards', { method: 'get', action: 'NumberPDF', guid }, teacher.token);
    expect(res.status).toBe(200);
    const page1 = pdfText(res.body, 1).stdout;
    for (const label of ['S9 max 5', 'S10 max 10', 'S11 max 15', 'S12 max 20.5']) expect(page1).toContain(label);
    expect(pdfText(res.body, 2).stdout).toContain('S13 (自) max 8');
  });

  it('reads pencilled score fields back into points at 200 dpi, and the choice answers beside them', async () => {
    // What the teacher marked, by question and field (0: the question's own, 1: its 自 part).
    const marks: Record<string, Partial<Record<ScoreColumn, number>>> = {
      '9:0': { points: 3 },
      '10:0': { points: 7, half: 0.5 },
      '11:0': { units: 8 }, // tens left blank: 8
      '12:0': { tens: 10, units: 2, half: 0.5 },
      '13:0': { tens: 40, units: 5, half: 0.5 },
      '13:1': {}, // the 自 part left ungraded: the question needs a person
    };
    const expected: Record<number, unknown> = { 9: { status: 'ok', points: 3 }, 10: { status: 'ok', points: 7.5 }, 11: { status: 'ok', points: 8 }, 12: { status: 'ok', points: 12.5 }, 13: { status: 'review', reason: 'incomplete' } };
    const results = new Map<number, ReturnType<typeof scoreFieldPoints>[]>();
    const read = new Map<number, unknown>();
    for (const page of [1, 2]) {
      const image = await renderPdfPage(pdf, page, DPI);
      const fields = map.scoreFields!.filter((f) => f.page === page);
      fields.forEach((field, i) => {
        const part = fields.slice(0, i).filter((f) => f.q === field.q).length;
        for (const b of field.bubbles) if (marks[`${field.q}:${part}`]?.[b.column] === b.points) pencilFill(image, b.rect, DPI);
      });
      if (page === 1) for (const b of map.bubbles.filter((x) => x.q % 4 === ['A', 'B', 'C', 'D'].indexOf(x.value))) pencilFill(image, b.rect, DPI);
      const columns = readScoreColumns(image, map, page);
      for (const [field, reading] of columns) results.set(field.q, [...(results.get(field.q) ?? []), scoreFieldPoints(field, reading)]);
      // The reader itself (src/scan/score-fields.ts, hooked into measurePage) gives the same points.
      const reading = await readPage({ image, mapFor: async () => map });
      for (const score of reading.scores ?? []) read.set(score.q, score.status === 'ok' ? { status: 'ok', points: score.points } : score.status === 'review' ? { status: 'review', reason: score.reason } : { status: 'blank' });
      if (page === 1) {
        expect(reading.questions.filter((q) => q.kind !== 'free').map((q) => `${q.q}${q.answer}${q.status}`)).toEqual(
          Array.from({ length: 8 }, (_, i) => `${i + 1}${'ABCD'[(i + 1) % 4]}ok`),
        );
      }
    }
    expect(Object.fromEntries([...results].map(([q, r]) => [q, questionScoreFromFields(r)]))).toEqual(expected);
    expect(Object.fromEntries(read)).toEqual(expected);
  }, 60_000);
});

describe('score fields in the editor canvas', () => {
  it('measure exactly as in print, with nothing clipped', async () => {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 800, height: 1130 } });
      const measure = async (mode: 'print' | 'edit') => {
        const pages = scoreBoxPages().map((components, i) => ({ components, assets: [], mode, ...(i === 0 ? { schoolName: '示範國民中學' } : {}) }));
        await page.setContent(renderDocumentHtml(pages).html, { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        return page.evaluate(measureMarksInPage, MARK_ATTRIBUTES);
      };
      const print = await measure('print');
      const edit = await measure('edit');
      expect(edit.marks).toEqual(print.marks);
      expect(print.clipped).toBe(0);
      expect(cardGeometryFromMarks(print.marks, 2).scoreFields).toHaveLength(6);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

const inside = (a: Rect, b: Rect) => a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;

/**
 * Each field's columns read as the reader reads a one-mark question: the page's transform from its
 * registration marks, every bubble's ink against the page's own unmarked bubbles (answer and
 * score bubbles together), then `readQuestion` per column with the bubbles' points as values.
 */
function readScoreColumns(image: GrayImage, geometry: CardGeometryV2, page: number): [ScoreField, Partial<Record<ScoreColumn, ScoreColumnReading>>][] {
  const [t] = locatePage(image);
  const levels = { white: paperWhite(image), black: t.black };
  const ink = (rect: Rect) => bubbleInk(image, t.toImage, rect, levels, t.pxPerPt);
  const fields = geometry.scoreFields!.filter((f) => f.page === page).map((f) => ({ f, inks: f.bubbles.map((b) => ({ b, ink: ink(b.rect) })) }));
  const base = pageBase([...geometry.bubbles.filter((b) => b.page === page).map((b) => ink(b.rect)), ...fields.flatMap((x) => x.inks.map((i) => i.ink))]);
  return fields.map(({ f, inks }) => {
    const columns: Partial<Record<ScoreColumn, ScoreColumnReading>> = {};
    for (const column of new Set(f.bubbles.map((b) => b.column))) {
      const own = inks.filter((i) => i.b.column === column).map((i) => ({ value: String(i.b.points), ...measured(i.ink, base) }));
      const read = readQuestion(f.q, f.showno, 'single', own);
      columns[column] = { status: read.status, answer: read.answer };
    }
    return [f, columns];
  });
}
