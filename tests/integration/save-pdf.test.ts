import { randomUUID } from 'node:crypto';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCardGeometry } from '../../src/shared/geometry/card-geometry';
import { requeueLostConversions } from '../../src/core/services/cards/save-pdf';
import { startPdfWorker } from '../../src/worker/pdf-worker';
import { connectionOf } from '../../src/data/queues';
import { cardInfo, legacyFile, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { firstPage, secondPage } from '../support/card-pages';
import { poppler } from '../support/poppler';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// `save PDF` end to end: the legacy door queues the conversion, an in-process pdf worker (own
// queue prefix) renders it with Chromium and records it, and `get perview` answers the PDF.
const prefix = `${process.env.REDIS_PREFIX}:savepdf-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let teacher: Signed;
let pdf: ReturnType<typeof startPdfWorker> | null = null;
let events: QueueEvents;

const cards = (body: Record<string, unknown>, who: Signed = teacher) => legacy(app, 'cards', body, who.token);
const row = (guid: string) => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
const pending = () => app.deps.pdfQueue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
const startWorker = () => {
  pdf ??= startPdfWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, chromiumPath: process.env.CHROMIUM_PATH!, renderTimeoutMs: 30_000, restartEvery: 50, concurrency: 1, db: app.deps.db });
};
const finished = async (jobId: string) => {
  const job = await app.deps.pdfQueue.getJob(jobId);
  await job!.waitUntilFinished(events, 90_000).catch(() => undefined);
};

/** A card with a titled header page and a second page of questions, saved as the editor would. */
async function newCard(title: string): Promise<string> {
  const guid = ((await cards({ method: 'create', action: 'info', data: cardInfo(title) })).body.data as { guid: string }).guid;
  const page1 = firstPage(10);
  page1.blocks[0] = { ...page1.blocks[0], kind: 'header', title: `${title} Exam` } as (typeof page1.blocks)[0];
  expect((await cards({ method: 'save', action: 'card', guid, page: 1, options: { ...pageOptions(), components: page1 } })).status).toBe(200);
  expect((await cards({ method: 'save', action: 'card', guid, page: 2, options: { ...pageOptions(), components: secondPage(5) } })).status).toBe(200);
  return guid;
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await signedInSchool(app);
  events = new QueueEvents('pdf', { connection: connectionOf(process.env.REDIS_URL!), prefix: `${prefix}:bull` });
});
afterAll(async () => {
  await pdf?.close();
  await events.close();
  await app.deps.pdfQueue.obliterate({ force: true });
  await app.close();
});

describe('save PDF → worker → get perview', () => {
  let guid = '';

  it('answers an empty body before conversion, and queues one job however often it is asked', async () => {
    guid = await newCard('SavePdfCard');
    const before = await legacyFile(app, 'cards', { method: 'get', action: 'perview', guid }, teacher.token);
    expect(before).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(before.body.length).toBe(0);
    const saved = await cards({ method: 'save', action: 'PDF', guid });
    expect(saved.body).toMatchObject({ code: 200, message: '已開始轉存，完成後請至預覽頁輸出卷卡' });
    expect((await cards({ method: 'save', action: 'PDF', guid })).status).toBe(200);
    expect(await pending()).toHaveLength(1);
    expect(await row(guid)).toMatchObject({ status: 'converting', pdf_error: null });
    const list = await cards({ method: 'get', action: 'lists', limit: 50 });
    expect(JSON.stringify(list.body.data)).toContain('"status":"converting"');
  });

  it('refuses content saves while converting; records the result and releases the lock', async () => {
    const job = (await row(guid)).pdf_job!;
    expect(await row(guid)).toMatchObject({ status: 'converting', disabled: 3 });
    const refused = await cards({ method: 'save', action: 'card', guid, page: 2, options: { ...pageOptions(), components: secondPage(6) } });
    expect(refused).toMatchObject({ status: 409, body: { message: '卷卡轉存中，內容暫時無法編輯，請待轉存完成後再試' } });
    // Redis loses the job (emptied, restored from an old dump): a starting worker queues it again
    // from MySQL under the same id, and only once. (Other files' cards left converting count too.)
    await (await app.deps.pdfQueue.getJob(job))!.remove();
    expect((await pending()).map((j) => j.id)).not.toContain(job);
    expect(await requeueLostConversions(app.deps)).toBeGreaterThanOrEqual(1);
    expect(await requeueLostConversions(app.deps)).toBe(0);
    expect((await pending()).map((j) => j.id)).toContain(job);
    startWorker();
    await finished(job);
    const doc = await row(guid);
    expect(doc).toMatchObject({ status: 'converted', pdf_error: null, disabled: 0, pdf_job: job });
    expect(doc.pdf_key).toMatch(new RegExp(`^pdf/${doc.id}/[0-9a-f]{24}/card\\.pdf$`));
    expect(doc.geometry_key).toBe(doc.pdf_key!.replace('card.pdf', 'geometry.json'));
    const geometry = ZCardGeometry.parse(JSON.parse((await app.deps.storage.get(doc.geometry_key!))!.toString()));
    expect(geometry.bubbles).toHaveLength(10 * 5 + 5 * 12);
  });

  it('get perview answers the PDF with the title and the school, to its school only', async () => {
    const res = await legacyFile(app, 'cards', { method: 'get', action: 'perview', guid }, teacher.token);
    expect(res).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(res.disposition).toContain(encodeURIComponent('SavePdfCard.pdf'));
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await poppler('pdftotext', res.body);
    expect(text).toContain('SavePdfCard Exam');
    expect(text.replace(/\s+/g, '')).toContain(teacher.schoolName.replace(/\s+/g, ''));
    const other = await signedInSchool(app);
    expect((await legacyFile(app, 'cards', { method: 'get', action: 'perview', guid }, other.token)).status).toBe(404);
    expect((await cards({ method: 'save', action: 'PDF', guid }, other)).status).toBe(404);
  });

  it('the tRPC door: cards.preview gives the viewer the same PDF; cards.savePdf answers the message', async () => {
    const trpc = (path: string, input: unknown, who: Signed = teacher, post = false) =>
      fetch(post ? `${app.url}/trpc/${path}` : `${app.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        method: post ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
        body: post ? JSON.stringify(input) : undefined,
      });
    const preview = ((await (await trpc('cards.preview', { guid })).json()) as { result: { data: { base64: string } } }).result.data;
    expect(preview).toMatchObject({ filename: 'SavePdfCard.pdf', converted: true });
    expect(Buffer.from(preview.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const saved = await trpc('cards.savePdf', { guid }, teacher, true);
    expect(((await saved.json()) as { result: { data: unknown } }).result.data).toMatchObject({ message: '已開始轉存，完成後請至預覽頁輸出卷卡' });
    expect(await row(guid)).toMatchObject({ status: 'converted' }); // same content, already converted: nothing queued
    expect((await trpc('cards.preview', { guid }, await signedInSchool(app))).status).toBe(404);
  });

  it('a card without pages, or with an empty page, is refused with a message', async () => {
    const empty = ((await cards({ method: 'create', action: 'info', data: cardInfo('空白') })).body.data as { guid: string }).guid;
    expect((await cards({ method: 'save', action: 'PDF', guid: empty })).body).toMatchObject({ code: 400, message: '卷卡尚無內容，請先編輯內容' });
    await cards({ method: 'save', action: 'card', guid: empty, page: 1, options: { ...pageOptions(), components: { version: 1, blocks: [] } } });
    expect((await cards({ method: 'save', action: 'PDF', guid: empty })).body).toMatchObject({ code: 400, message: '第 1 頁沒有內容' });
  });

  it('a job failing on its last attempt marks the document failed with the reason', async () => {
    const doc = await row(guid);
    await app.deps.db.updateTable('documents').set({ status: 'converting', disabled: 3, pdf_job: `${doc.id}-broken` }).where('id', '=', doc.id).execute();
    await app.deps.pdfQueue.add('convert', { pages: [], folder: '../x', assetFolder: 'x', documentId: doc.id }, { jobId: `${doc.id}-broken`, attempts: 1 });
    await finished(`${doc.id}-broken`);
    const failed = await row(guid);
    expect(failed).toMatchObject({ status: 'failed', disabled: 0 }); // the lock is released on failure too
    expect(failed.pdf_error).toBeTruthy();
    const list = await cards({ method: 'get', action: 'lists', limit: 50 });
    expect(JSON.stringify(list.body.data)).toContain('"status":"failed"');
  });

  it('a question too wide for its split cell (bubbles the cell would cut off) fails at once, saying so', async () => {
    const narrow = ((await cards({ method: 'create', action: 'info', data: cardInfo('窄欄') })).body.data as { guid: string }).guid;
    const cells = Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, children: i === 0 ? [{ id: 'q', kind: 'singleChoice', options: { type: 'en', count: 12 } }] : [] }));
    const page1 = firstPage(3);
    (page1.blocks[1] as { children: unknown[] }).children.push({ id: 'split', kind: 'equalSplit', columns: 8, border: 'middle', cells });
    expect((await cards({ method: 'save', action: 'card', guid: narrow, page: 1, options: { ...pageOptions(), components: page1 } })).status).toBe(200);
    startWorker();
    const job = (await cards({ method: 'save', action: 'PDF', guid: narrow })).body;
    expect(job.code).toBe(200);
    const doc = await row(narrow);
    await finished(doc.pdf_job!);
    // The worker records the failure just after the queue reports it.
    await expect.poll(() => row(narrow).then((r) => r.status), { timeout: 60_000, interval: 250 }).toBe('failed');
    expect(await row(narrow)).toMatchObject({ status: 'failed', pdf_error: 'clipped', disabled: 0 });
    expect((await app.deps.pdfQueue.getJob(doc.pdf_job!))?.attemptsMade).toBe(1); // not retried
    const list = await cards({ method: 'get', action: 'lists', limit: 50 });
    expect(JSON.stringify(list.body.data)).toContain('有題目的選項超出欄位而無法完整印出');
  });

  it('templates: save PDF and get perview over the same service', async () => {
    const template = ((await cards({ method: 'copy', action: 'toPrivated', guid, title: 'SavePdfTemplate' })).body.data as { guid: string }).guid;
    const call = (body: Record<string, unknown>) => legacy(app, 'templates', body, teacher.token);
    expect((await legacyFile(app, 'templates', { method: 'get', action: 'perview', guid: template }, teacher.token)).body.length).toBe(0);
    // Locked for another reason (as a shared copy is): converting keeps that reason, before and after.
    await app.deps.db.updateTable('documents').set({ disabled: 1 }).where('guid', '=', template).execute();
    expect((await call({ method: 'save', action: 'PDF', guid: template })).status).toBe(200);
    expect(await row(template)).toMatchObject({ status: 'converting', disabled: 1 });
    await finished((await row(template)).pdf_job!);
    expect(await row(template)).toMatchObject({ status: 'converted', disabled: 1 });
    const res = await legacyFile(app, 'templates', { method: 'get', action: 'perview', guid: template }, teacher.token);
    expect(res.disposition).toContain(encodeURIComponent('SavePdfTemplate.pdf'));
    expect(await poppler('pdfinfo', res.body)).toMatch(/Pages:\s+2\n/);
    const viaCards = await legacyFile(app, 'cards', { method: 'get', action: 'perview', guid: template }, teacher.token);
    expect(viaCards.body.equals(res.body)).toBe(true); // the cards area previews templates (show screen) too
  });
});
