import { randomUUID } from 'node:crypto';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCardGeometry } from '../../src/shared/geometry/card-geometry';
import { BLANK_COPIES_MAX } from '../../src/shared/limits';
import { startPdfWorker } from '../../src/worker/pdf-worker';
import { connectionOf } from '../../src/data/queues';
import { cardInfo, legacyFile, pageOptions, signedInSchool, signInto, type Signed } from '../support/card-fixtures';
import { firstPage, secondPage } from '../support/card-pages';
import { pdfFonts, pdfText, poppler, rasterPage } from '../support/poppler';
import { trpcCall } from '../support/school-admin';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// The viewer's files, over a card really converted by an in-process pdf worker: the watermarked
// preview, blank copies and the numbered PDF (get NumberPDF), each for its own school only.
const prefix = `${process.env.REDIS_PREFIX}:viewer-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let teacher: Signed;
let worker: ReturnType<typeof startPdfWorker>;
let events: QueueEvents;
let guid = '';
let original: Buffer;

const cards = (body: Record<string, unknown>, who: Signed = teacher) => legacy(app, 'cards', body, who.token);
const row = (g: string) => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', g).executeTakeFirstOrThrow();
const file = async (path: string, input: unknown, who: Signed = teacher) => {
  const res = await trpcCall(app, path, 'mutation', input, who.token);
  const data = res.data as { filename: string; base64: string } | undefined;
  return { ...res, filename: data?.filename, pdf: data ? Buffer.from(data.base64, 'base64') : Buffer.alloc(0) };
};
const pageCount = async (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(await poppler('pdfinfo', pdf))?.[1]);

/** A two-page card, converted by the worker. */
async function convertedCard(title: string): Promise<string> {
  const created = ((await cards({ method: 'create', action: 'info', data: cardInfo(title) })).body.data as { guid: string }).guid;
  await cards({ method: 'save', action: 'card', guid: created, page: 1, options: { ...pageOptions(), components: firstPage(10) } });
  await cards({ method: 'save', action: 'card', guid: created, page: 2, options: { ...pageOptions(), components: secondPage(5) } });
  await cards({ method: 'save', action: 'PDF', guid: created });
  const job = await app.deps.pdfQueue.getJob((await row(created)).pdf_job!);
  await job!.waitUntilFinished(events, 90_000);
  expect(await row(created)).toMatchObject({ status: 'converted' });
  return created;
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await signedInSchool(app);
  events = new QueueEvents('pdf', { connection: connectionOf(process.env.REDIS_URL!), prefix: `${prefix}:bull` });
  worker = startPdfWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, chromiumPath: process.env.CHROMIUM_PATH!, renderTimeoutMs: 30_000, restartEvery: 50, concurrency: 1, db: app.deps.db });
  guid = await convertedCard('ViewerCard');
  original = (await legacyFile(app, 'cards', { method: 'get', action: 'perview', guid }, teacher.token)).body;
}, 150_000);
afterAll(async () => {
  await worker?.close();
  await events?.close();
  await app.deps.pdfQueue.obliterate({ force: true });
  await app.close();
});

describe('download preview (watermarked)', () => {
  it('puts 「預覽用 非正式使用」 on every page, in an embedded font, and leaves the card beneath', async () => {
    const res = await file('viewer.watermarked', { guid });
    expect(res.status).toBe(200);
    expect(res.filename).toBe('ViewerCard-預覽.pdf');
    expect(await pageCount(res.pdf)).toBe(2);
    // pdftotext gives diagonal text a character per line, among the card's own: every character
    // of the mark is on each page once more than on the card (用 twice).
    const count = (text: string) => [...text].reduce((m, c) => m.set(c, (m.get(c) ?? 0) + 1), new Map<string, number>());
    for (const page of [1, 2]) {
      const [card, marked] = [count(pdfText(original, page).stdout), count(pdfText(res.pdf, page).stdout)];
      const added = [...count('預覽用非正式使用')].map(([c]) => `${c}${(marked.get(c) ?? 0) - (card.get(c) ?? 0)}`);
      expect(added, `page ${page}`).toEqual(['預1', '覽1', '用2', '非1', '正1', '式1', '使1']);
    }
    expect(pdfFonts(res.pdf).stdout).toMatch(/NotoSansCJKtc-Regular\s+CID Type 0C\s+Identity-H\s+yes\s+yes/);
    // In pixels too: the page centre, blank on the card itself, is grey under the mark.
    const [plain, marked] = [await rasterPage(original, 2, 30), await rasterPage(res.pdf, 2, 30)];
    const greyIn = (r: typeof plain) => {
      let n = 0;
      for (let y = Math.floor(r.height * 0.3); y < r.height * 0.7; y += 1) for (let x = 0; x < r.width; x += 1) if (r.at(x, y) < 235) n += 1;
      return n;
    };
    expect(greyIn(marked)).toBeGreaterThan(greyIn(plain) + 200);
  }, 120_000);

  it('refuses an unconverted card with the spec message, and another school', async () => {
    const draft = ((await cards({ method: 'create', action: 'info', data: cardInfo('Draft') })).body.data as { guid: string }).guid;
    const refused = await file('viewer.watermarked', { guid: draft });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe('試卷尚未進行轉存，請先於試卷列表進行轉存');
    expect((await file('viewer.watermarked', { guid }, await signedInSchool(app))).status).toBe(404);
  });
});

describe('print without student data (blank copies)', () => {
  it('gives N copies of every page in one file that grows far less than N times', async () => {
    const res = await file('viewer.blankCopies', { guid, copies: 30 });
    expect(res.status).toBe(200);
    expect(res.filename).toBe('ViewerCard-空白卷 30 份.pdf');
    expect(await pageCount(res.pdf)).toBe(60);
    // The card's own text, plus 科別/科目 from its info on page 1 and each page's code naming copy 30.
    const words = (text: string) => text.split(/\s+/).filter((w) => w && !w.startsWith('AC1/')).sort();
    const codes = (text: string) => text.split(/\s+/).filter((w) => w.startsWith('AC1/'));
    const copy30 = pdfText(res.pdf, 59).stdout;
    expect(words(copy30)).toEqual(words(`${pdfText(original, 1).stdout} 普通科 數學`));
    expect(codes(copy30)).toEqual([expect.stringMatching(/^AC1\/[0-9A-Z]+\/[0-9A-Z]{4}\/1\/C30$/)]);
    expect(words(pdfText(res.pdf, 60).stdout)).toEqual(words(pdfText(original, 2).stdout));
    expect(codes(pdfText(original, 2).stdout)).toEqual([expect.stringMatching(/^AC1\/[0-9A-Z]+\/[0-9A-Z]{4}\/2$/)]);
    expect(res.pdf.length).toBeLessThan(original.length * 2);
  });

  it(`takes 1 to ${BLANK_COPIES_MAX} copies, for holders of cards.print, of their own school`, async () => {
    for (const copies of [0, BLANK_COPIES_MAX + 1, 1.5]) {
      const res = await file('viewer.blankCopies', { guid, copies });
      expect(res.status, String(copies)).toBe(400);
      expect(res.error?.message).toContain(`份數須介於 1 到 ${BLANK_COPIES_MAX} 之間`);
    }
    const noPrint = await signInto(app, teacher.schoolId, (await app.deps.db.selectFrom('clients').select('code').where('id', '=', teacher.schoolId).executeTakeFirstOrThrow()).code, 'teacher', ['cards.view']);
    expect((await file('viewer.blankCopies', { guid, copies: 1 }, noPrint)).status).toBe(403);
    expect((await file('viewer.blankCopies', { guid, copies: 1 }, await signedInSchool(app))).status).toBe(404);
  });
});

describe('get NumberPDF (the question-number check PDF)', () => {
  it('draws every mapped bubble labelled <question>:<value> over the card', async () => {
    const res = await legacyFile(app, 'cards', { method: 'get', action: 'NumberPDF', guid }, teacher.token);
    expect(res).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(res.disposition).toContain(encodeURIComponent('ViewerCard-題號檢查.pdf'));
    const doc = await row(guid);
    const geometry = ZCardGeometry.parse(JSON.parse((await app.deps.storage.get(doc.geometry_key!))!.toString()));
    for (const page of [1, 2]) {
      const labels = pdfText(res.body, page).stdout.match(/\d+:[A-L]/g) ?? [];
      const mapped = geometry.bubbles.filter((b) => b.page === page).map((b) => `${b.q}:${b.value}`);
      expect(new Set(labels), `page ${page}`).toEqual(new Set(mapped));
    }
    expect(geometry.bubbles.filter((b) => b.page === 2).map((b) => b.q)).toContain(11); // numbering continues
    // A bubble's outline is red ink where the map says it is (gray: red comes out mid-dark).
    const bubble = geometry.bubbles.find((b) => b.page === 1)!;
    const raster = await rasterPage(res.body, 1, 150);
    const px = (pt: number) => Math.round((pt / 72) * 150);
    expect(raster.at(px(bubble.rect.x), px(bubble.rect.y + bubble.rect.h / 2))).toBeLessThan(200);
  });

  it('refuses as the envelope: not converted (409), another school (404), a card in the templates area (404)', async () => {
    const draft = ((await cards({ method: 'create', action: 'info', data: cardInfo('DraftNo') })).body.data as { guid: string }).guid;
    const notConverted = await cards({ method: 'get', action: 'NumberPDF', guid: draft });
    expect(notConverted.body).toMatchObject({ code: 409, message: '試卷尚未進行轉存，請先於試卷列表進行轉存' });
    expect((await cards({ method: 'get', action: 'NumberPDF', guid }, await signedInSchool(app))).status).toBe(404);
    expect((await legacy(app, 'templates', { method: 'get', action: 'NumberPDF', guid }, teacher.token)).status).toBe(404);
  });

  it('get perview of an unconverted card stays the empty answer (≤ 12 bytes)', async () => {
    const draft = ((await cards({ method: 'create', action: 'info', data: cardInfo('DraftPv') })).body.data as { guid: string }).guid;
    const res = await legacyFile(app, 'cards', { method: 'get', action: 'perview', guid: draft }, teacher.token);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(12);
  });
});

describe('get geometry (the map for integrators\' own readers)', () => {
  it('answers the version 2 map of the current conversion, through both doors, to its own school only', async () => {
    const res = await cards({ method: 'get', action: 'geometry', guid });
    expect(res.status).toBe(200);
    const map = ZCardGeometry.parse(res.body.data);
    expect(map.version).toBe(2);
    if (map.version !== 2) return;
    expect(map.marks.map((m) => m.corner)).toEqual(['tl', 'tr', 'bl', 'br']);
    expect(map.bubbles.length).toBeGreaterThan(0);
    const stored = JSON.parse(((await app.deps.storage.get((await row(guid)).geometry_key!)) ?? Buffer.alloc(0)).toString('utf8')) as unknown;
    expect(res.body.data).toEqual(stored);
    const viaTrpc = await trpcCall(app, 'viewer.geometry', 'query', { guid }, teacher.token);
    expect(viaTrpc.data).toEqual(stored);
    expect((await cards({ method: 'get', action: 'geometry', guid }, await signedInSchool(app))).status).toBe(404);
    expect((await legacy(app, 'templates', { method: 'get', action: 'geometry', guid }, teacher.token)).status).toBe(404);
  });

  it('is 404 with the spec message before a conversion, and 400 without a guid', async () => {
    const draft = ((await cards({ method: 'create', action: 'info', data: cardInfo('DraftGeo') })).body.data as { guid: string }).guid;
    expect((await cards({ method: 'get', action: 'geometry', guid: draft })).body).toMatchObject({ code: 404, message: '試卷尚未進行轉存，請先於試卷列表進行轉存' });
    expect((await trpcCall(app, 'viewer.geometry', 'query', { guid: draft }, teacher.token)).status).toBe(404);
    expect((await cards({ method: 'get', action: 'geometry' })).status).toBe(400);
  });
});
