import { randomUUID } from 'node:crypto';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPdfWorker } from '../../src/worker/pdf-worker';
import { connectionOf } from '../../src/data/queues';
import { legacyFile, pageOptions, signInto, type Signed } from '../support/card-fixtures';
import { firstPage } from '../support/card-pages';
import { createSchool } from '../support/fixtures';
import { poppler } from '../support/poppler';
import { trpcCall } from '../support/school-admin';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 30: a template a teacher collects (加入個人收藏, either door) keeps its source's conversion
// when it is made of the pages that conversion was made from — previewable at once, no needless
// conversion — and is converted on demand otherwise (edited, or a source not converted). An
// in-process pdf worker (own queue prefix) renders with Chromium.
const prefix = `${process.env.REDIS_PREFIX}:collect-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let system: Signed; // the system administrator: its templates are system-wide
let manager: Signed; // a school's template manager
let teacher: Signed; // a teacher of that school
let events: QueueEvents;
let pdf: ReturnType<typeof startPdfWorker>;

const call = (area: string, body: Record<string, unknown>, who: Signed) => legacy(app, area, body, who.token);
const row = (guid: string) => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
const guidOf = (res: { body: { data?: unknown } }) => (res.body.data as { guid: string }).guid;
const pendingJobs = () => app.deps.pdfQueue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
const preview = async (guid: string, who: Signed) => (await legacyFile(app, 'cards', { method: 'get', action: 'perview', guid }, who.token)).body;

async function converted(guid: string): Promise<void> {
  await expect.poll(async () => (await row(guid)).status, { timeout: 90_000, interval: 200 }).toMatch(/converted|failed/);
  expect((await row(guid)).status).toBe('converted');
}

/** A first page of `questions` questions whose header is titled `title` (the title is on the PDF). */
function titledPage(title: string, questions = 10) {
  const page = firstPage(questions);
  page.blocks[0] = { ...page.blocks[0], kind: 'header', title } as (typeof page.blocks)[0];
  return { ...pageOptions(), components: page };
}

/** A template with one page of ten questions and a titled header, converted. */
async function convertedTemplate(owner: Signed, title: string): Promise<string> {
  const guid = guidOf(await call('templates', { method: 'create', action: 'info', data: { title, description: '收藏用', mode: 'omr', size: 'A4' } }, owner));
  expect((await call('templates', { method: 'save', action: 'template', guid, page: 1, options: titledPage(`${title} 考卷`) }, owner)).status).toBe(200);
  expect((await call('templates', { method: 'save', action: 'PDF', guid }, owner)).status).toBe(200);
  await converted(guid);
  return guid;
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  const systemSchool = await app.deps.db.selectFrom('clients').select('id').where('code', '=', 'system').executeTakeFirstOrThrow();
  system = await signInto(app, systemSchool.id, 'system', 'system_admin', []);
  const school = await createSchool(app.deps.db, { name: `收藏測試學校 ${prefix.slice(-8)}` }, ['cards.view', 'cards.edit', 'templates.view', 'templates.manage']);
  manager = await signInto(app, school.id, school.code, 'school_admin', []);
  teacher = await signInto(app, school.id, school.code, 'teacher', ['cards.view', 'cards.edit', 'templates.view']);
  events = new QueueEvents('pdf', { connection: connectionOf(process.env.REDIS_URL!), prefix: `${prefix}:bull` });
  pdf = startPdfWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, chromiumPath: process.env.CHROMIUM_PATH!, renderTimeoutMs: 30_000, restartEvery: 50, concurrency: 1, db: app.deps.db });
}, 60_000);
afterAll(async () => {
  await pdf?.close();
  await events?.close();
  await app.deps.pdfQueue.obliterate({ force: true });
  await app.close();
});

describe('a collected template', () => {
  it("keeps its school template's conversion (legacy door): previewable at once, its own files, and 轉存PDF queues nothing", async () => {
    const source = await convertedTemplate(manager, '校內範本');
    const collected = await call('cards', { method: 'copy', action: 'toPrivated', guid: source, title: '我的校內範本' }, teacher);
    expect([collected.status, collected.body.message]).toEqual([200, '已加入個人收藏']);
    const copy = await row(guidOf(collected));
    const original = await row(source);
    expect(copy).toMatchObject({ status: 'converted', privacy: 'user', disabled: 0 });
    expect(copy.pdf_key).toBe(`pdf/${copy.id}/${original.pdf_key!.split('/')[2]}/card.pdf`);
    expect(copy.geometry_key).toBe(`pdf/${copy.id}/${original.pdf_key!.split('/')[2]}/geometry.json`);
    const bytes = await preview(copy.guid, teacher);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.equals(await preview(source, manager))).toBe(true);
    // The same school renders the same pages: asking for a conversion changes nothing.
    expect((await call('cards', { method: 'save', action: 'PDF', guid: copy.guid }, teacher)).status).toBe(200);
    expect(await pendingJobs()).toHaveLength(0);
    expect(await row(copy.guid)).toMatchObject({ status: 'converted', pdf_key: copy.pdf_key });
    // Deleting the source leaves the copy's PDF where it is.
    expect((await call('templates', { method: 'delete', action: 'template', guid: source }, manager)).status).toBe(200);
    expect((await preview(copy.guid, teacher)).equals(bytes)).toBe(true);
  }, 120_000);

  it('keeps a system template\'s conversion through tRPC too; 轉存PDF then converts it for its own school\'s header', async () => {
    const source = await convertedTemplate(system, '系統範本收藏');
    const collected = await trpcCall(app, 'cards.copyToPrivated', 'mutation', { guid: source, title: '收藏的系統範本' }, teacher.token);
    expect(collected.status).toBe(200);
    const guid = (collected.data as { guid: string }).guid;
    expect((await row(guid)).status).toBe('converted');
    const viewer = await trpcCall(app, 'cards.preview', 'query', { guid }, teacher.token);
    expect(viewer.data).toMatchObject({ converted: true });
    // The carried PDF is the source's, its header naming the system school …
    expect(await poppler('pdftotext', await preview(guid, teacher))).toContain('系統管理');
    // … so converting the copy is not needless: its page 1 names the teacher's school.
    expect((await trpcCall(app, 'cards.savePdf', 'mutation', { guid }, teacher.token)).status).toBe(200);
    expect((await row(guid)).status).toBe('converting');
    await converted(guid);
    expect(await poppler('pdftotext', await preview(guid, teacher))).toContain('收藏測試學校');
  }, 180_000);

  it('is converted on demand once a page is edited, or when its source was not converted', async () => {
    const source = await convertedTemplate(manager, '會修改的範本');
    const guid = guidOf(await call('cards', { method: 'copy', action: 'toPrivated', guid: source, title: '改一頁' }, teacher));
    expect((await row(guid)).status).toBe('converted');
    expect((await call('templates', { method: 'save', action: 'template', guid, page: 1, options: titledPage('老師改過的題目', 8) }, teacher)).status).toBe(200);
    expect((await row(guid)).status).toBe('draft');
    expect(await preview(guid, teacher)).toHaveLength(0);
    const started = await call('cards', { method: 'save', action: 'PDF', guid }, teacher);
    expect([started.status, started.body.message]).toEqual([200, '已開始轉存，完成後請至預覽頁輸出卷卡']);
    await converted(guid);
    expect(await poppler('pdftotext', await preview(guid, teacher))).toContain('老師改過的題目');
    // The source keeps its own PDF.
    expect(await poppler('pdftotext', await preview(source, manager))).not.toContain('老師改過的題目');

    const draft = guidOf(await call('templates', { method: 'create', action: 'info', data: { title: '未轉存', description: '', mode: 'omr', size: 'A4' } }, manager));
    expect((await call('templates', { method: 'save', action: 'template', guid: draft, page: 1, options: pageOptions('未轉存題') }, manager)).status).toBe(200);
    const fromDraft = guidOf(await call('cards', { method: 'copy', action: 'toPrivated', guid: draft, title: '未轉存的收藏' }, teacher));
    expect(await row(fromDraft)).toMatchObject({ status: 'draft', pdf_key: null });
    // A source edited since its conversion carries nothing either: its PDF is of other pages.
    expect((await call('templates', { method: 'save', action: 'template', guid: source, page: 1, options: titledPage('來源改過') }, manager)).status).toBe(200);
    await app.deps.db.updateTable('documents').set({ status: 'converted' }).where('guid', '=', source).execute(); // as if the status lagged
    const fromEdited = guidOf(await call('cards', { method: 'copy', action: 'toPrivated', guid: source, title: '來源改過的收藏' }, teacher));
    expect((await row(fromEdited)).status).toBe('draft');
  }, 180_000);
});
