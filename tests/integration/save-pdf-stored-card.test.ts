import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCardGeometry, type CardGeometry, type Rect } from '../../src/shared/geometry/card-geometry';
import { cardInfo, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { everyBlockPages, kindsIn, PNG_BYTES, storedImage } from '../support/every-block-card';
import { poppler } from '../support/poppler';
import { fillClassPrint } from '../support/fill-print';
import { renderPdfPage } from '../../src/scan/pdf-pages';
import { readPage } from '../../src/scan/read-page';
import { edgeDeviationMm, findDrawnBox, rasterisePage, type PixelTest, type Raster } from '../support/raster';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// `save PDF` of a stored card holding every block kind, through the real queue and a worker in a
// process of its own that starts only after the request: the server answers meanwhile, the card
// is converting and its content locked; then the stored PDF is rasterised and checked against the
// stored map. Last, an edit and a second conversion replace the PDF and map together.
const prefix = `${process.env.REDIS_PREFIX}:stored-${randomUUID().slice(0, 8)}`;
const TOLERANCE_MM = 0.25; // the limit for a scanner to read a bubble where the map says
const magenta: PixelTest = (r, g, b) => r - g > 40 && b - g > 20; // MARK_COLOUR rgb(255, 0, 150)
let app: TestApp;
let teacher: Signed;
let worker: ChildProcess | null = null;
let guid = '';

const cards = (body: Record<string, unknown>) => legacy(app, 'cards', body, teacher.token);
const row = () => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
const savePage = (page: number, content: ReturnType<typeof everyBlockPages>[number]) =>
  cards({ method: 'save', action: 'card', guid, page, options: { ...pageOptions(), ...content } });
const converted = () => expect.poll(async () => (await row()).status, { timeout: 120_000, interval: 200 }).toBe('converted');

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await signedInSchool(app);
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await app.deps.pdfQueue.obliterate({ force: true });
  await app.close();
});

describe('save PDF of a stored card with every block kind', () => {
  it('stores a card whose pages hold every block kind, option type, layout and variant', async () => {
    const pages = everyBlockPages(teacher.schoolId);
    const kinds = ['header', 'firstBase', 'otherBase', 'twoColumn', 'questionGroup', 'singleChoice', 'multiChoice', 'subQuestionGroup', 'freeAnswer', 'text', 'borderedText', 'handwritingGrid', 'dotUnderline', 'underline', 'ratioChart', 'ratioSplit', 'equalSplit', 'image', 'imageColumns', 'imageText', 'grid', 'blank'];
    const variants = ['imageText:imageLeft', 'imageText:textLeft', 'imageText:imageTop', 'imageText:textTop', 'blank:text', 'blank:backSide', 'blank:doNotWrite', 'option:number', 'option:en', 'option:truefalse', 'option:chooseNumber', 'numbering:sub'];
    expect([...kindsIn(pages)].sort()).toEqual(expect.arrayContaining([...kinds, ...variants].sort()));
    await app.deps.storage.put(storedImage(teacher.schoolId).src.slice(1), PNG_BYTES, 'image/png');
    guid = ((await cards({ method: 'create', action: 'info', data: cardInfo('每種元件') })).body.data as { guid: string }).guid;
    for (const [i, page] of pages.entries()) expect((await savePage(i + 1, page)).body.message, `page ${i + 1}`).toBe('儲存成功');
  });

  it('with no worker running: save PDF is accepted, the card converts locked, the server answers', async () => {
    expect((await cards({ method: 'save', action: 'PDF', guid })).body).toMatchObject({ code: 200, message: '已開始轉存，完成後請至預覽頁輸出卷卡' });
    expect(await row()).toMatchObject({ status: 'converting', disabled: 3 });
    expect(await app.deps.pdfQueue.getJobCounts('waiting', 'active')).toMatchObject({ waiting: 1, active: 0 });
    const list = await cards({ method: 'get', action: 'lists', limit: 50 });
    expect(list.body.data).toMatchObject({ data: [expect.objectContaining({ title: '每種元件', status: 'converting', disabled: 3 })] });
    expect((await cards({ method: 'get', action: 'info', guid })).body).toMatchObject({ code: 200 });
    expect((await cards({ method: 'get', action: 'card', guid, page: 2 })).body).toMatchObject({ code: 200 });
    expect((await cards({ method: 'get', action: 'disabled', guid })).body).toMatchObject({ code: 200, data: 3 });
    const refused = await savePage(3, everyBlockPages(teacher.schoolId)[2]);
    expect(refused.body).toMatchObject({ code: 409, message: '卷卡轉存中，內容暫時無法編輯，請待轉存完成後再試' });
    const option = await cards({ method: 'save', action: 'option', guid, code: 'p1', key: 'question_total', value: 25 });
    expect(option.body).toMatchObject({ code: 409, message: refused.body.message });
    expect((await cards({ method: 'save', action: 'PDF', guid })).status).toBe(200); // asking again adds no job
    expect(await app.deps.pdfQueue.getJobCounts('waiting')).toMatchObject({ waiting: 1 });
  });

  it('a worker process started afterwards converts it and releases the lock', async () => {
    worker = spawn(process.execPath, ['--import', 'tsx', 'tests/support/pdf-worker-process.ts'], {
      env: { ...process.env, WORKER_PREFIX: prefix, WORKER_STORAGE_DIR: process.env.STORAGE_DIR, WORKER_LOCK_MS: '30000', WORKER_DATABASE_URL: process.env.DATABASE_URL },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await converted();
    expect(await row()).toMatchObject({ disabled: 0, pdf_error: null });
  }, 150_000);

  describe('the stored PDF at 300 dpi', () => {
    let pdf: Buffer;
    let geometry: CardGeometry;
    const rasters = new Map<number, Raster>();
    const worst = async (items: { page: number; rect: Rect }[]) => {
      let max = 0;
      for (const item of items) {
        if (!rasters.has(item.page)) rasters.set(item.page, await rasterisePage(pdf, item.page));
        const drawn = findDrawnBox(rasters.get(item.page)!, item.rect, magenta);
        expect(drawn, `nothing drawn near ${JSON.stringify(item)}`).not.toBeNull();
        max = Math.max(max, edgeDeviationMm(drawn!, item.rect));
      }
      return max;
    };

    beforeAll(async () => {
      const doc = await row();
      pdf = (await app.deps.storage.get(doc.pdf_key!))!;
      geometry = ZCardGeometry.parse(JSON.parse((await app.deps.storage.get(doc.geometry_key!))!.toString()));
      await mkdir('test-results', { recursive: true });
      await writeFile('test-results/save-pdf-stored-card.pdf', pdf); // for a person to look at
    });

    it('has three A4 pages, bubbles on each question page and the header student field map', async () => {
      expect(await poppler('pdfinfo', pdf)).toMatch(/Pages:\s+3\n/);
      expect(geometry.pages).toBe(3);
      expect(new Set(geometry.bubbles.map((b) => b.page))).toEqual(new Set([1, 2, 3]));
      const header = geometry.header!;
      for (const field of ['name', 'number', 'seat', 'className'] as const) expect(header[field], field).toBeDefined();
      expect(header.gradeBubbles.length).toBeGreaterThan(0);
      expect(header.classBubbles.length).toBeGreaterThan(0);
      expect(header.seatBubbles).toHaveLength(20);
    });

    it('draws every mapped bubble and digit bubble at its place, within 0.25 mm', async () => {
      const header = geometry.header!;
      const digits = [...header.gradeBubbles, ...header.classBubbles, ...header.seatBubbles].map((d) => ({ page: 1, rect: d.rect }));
      const deviations = { bubbles: await worst(geometry.bubbles), digitBubbles: await worst(digits) };
      console.log(`[stored card] ${geometry.bubbles.length} bubbles, ${digits.length} digit bubbles; max raster deviation (mm): ${JSON.stringify(deviations)}`);
      for (const deviation of Object.values(deviations)) expect(deviation).toBeLessThanOrEqual(TOLERANCE_MM);
    }, 60_000);

    it('reads page 2 back from a filled 200 dpi scan, the choice rows in its equal split included', async () => {
      if (geometry.version !== 2) throw new Error('a map v2 was expected');
      const map = geometry;
      const valuesOf = (q: number) => map.bubbles.filter((b) => b.page === 2 && b.q === q).map((b) => b.value);
      const pick = (q: number, values: string[]) => values[q % values.length] ?? '';
      const answer = (q: number) => pick(q, valuesOf(q));
      const scanned = await fillClassPrint(pdf, map, (_student, q, values) => pick(q, values), 200);
      const reading = await readPage({ image: await renderPdfPage(scanned, 2, 200), mapFor: async () => map });
      expect(reading.code?.page).toBe(2);
      // A question read under one number with a sub-question's row shares its bubbles: only one-row questions are checked.
      const rows = (q: number) => map.groups.filter((g) => g.page === 2 && g.q === q).length;
      const single = reading.questions.filter((r) => rows(r.q) === 1 && r.kind !== 'free');
      // The equal split's three questions are the page's last numbered ones.
      const last = Math.max(...single.map((r) => r.q));
      expect(single.filter((r) => r.q > last - 3).map((r) => r.kind)).toEqual(['truefalse', 'truefalse', 'multi']);
      expect(single.filter((r) => r.status !== 'ok' || r.answer !== answer(r.q))).toEqual([]);
    }, 60_000);
  });

  it('after an edit, converting again replaces the PDF and the map together', async () => {
    const before = await row();
    const page1 = everyBlockPages(teacher.schoolId)[0];
    page1.components.blocks[0] = { ...page1.components.blocks[0], title: '改過的卷卡' } as (typeof page1.components.blocks)[0];
    expect((await savePage(1, page1)).body).toMatchObject({ code: 200 });
    expect(await row()).toMatchObject({ status: 'draft', disabled: 0, pdf_key: before.pdf_key });
    await cards({ method: 'save', action: 'PDF', guid });
    // Every look at the row during the conversion sees a whole pair: both old or both new.
    const seen = new Set<string>();
    await expect.poll(async () => {
      const doc = await row();
      seen.add(`${doc.pdf_key}|${doc.geometry_key}`);
      return doc.status;
    }, { timeout: 120_000, interval: 50 }).toBe('converted');
    for (const pair of seen) expect(pair).toMatch(/^(pdf\/\d+\/[0-9a-f]{24})\/card\.pdf\|\1\/geometry\.json$/);
    const after = await row();
    expect(after.pdf_key).not.toBe(before.pdf_key);
    expect(await poppler('pdftotext', (await app.deps.storage.get(after.pdf_key!))!)).toContain('改過的卷卡');
    const map = ZCardGeometry.parse(JSON.parse((await app.deps.storage.get(after.geometry_key!))!.toString()));
    expect(map.bubbles.length).toBe(ZCardGeometry.parse(JSON.parse((await app.deps.storage.get(before.geometry_key!))!.toString())).bubbles.length);
  }, 150_000);
});
