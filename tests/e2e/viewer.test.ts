import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { upsertPage } from '../../src/data/repos/document-pages.repo';
import { insertDocument } from '../../src/data/repos/documents.repo';
import { insertShare } from '../../src/data/repos/shares.repo';
import { base, shots } from '../support/browser';
import { closeBrowser, launch, page, row, signIn, visit } from '../support/card-browser';
import { firstPage, secondPage } from '../support/card-pages';
import { pdfText } from '../support/poppler';

// The viewer screens in a real browser: a teacher converts a two-page card (the app's worker),
// pages and zooms through it, downloads the watermarked preview and blank copies, meets the
// not-converted alert; the template view, the share view and a school template's preview.
const stamp = Date.now().toString(36);
const title = `預覽測試 ${stamp}`;
let db: Db;
const ids = { card: '', draft: '', template: '', shared: '' };
let teacherName = '';

async function demo() {
  return db
    .selectFrom('users as u')
    .innerJoin('clients as c', 'c.id', 'u.client_id')
    .select(['u.id', 'u.client_id', 'u.name', 'u.account'])
    .where('c.code', '=', 'demo')
    .where('u.account', 'in', ['teacher', 'schooladmin'])
    .execute();
}

/** A card of the demo teacher saved as the editor would: two pages, or one for the draft. */
async function seedCard(cardTitle: string, pages: 1 | 2): Promise<string> {
  const teacher = (await demo()).find((u) => u.account === 'teacher')!;
  teacherName = teacher.name;
  const guid = randomUUID();
  const id = await insertDocument(db, { guid, kind: 'card', client_id: teacher.client_id, user_id: teacher.id, title: cardTitle, mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: null });
  const params = '{"selectlist":{},"grouplist":{}}';
  await upsertPage(db, id, 1, { html: '<p>x</p>', css: '', styles: '', components: JSON.stringify(firstPage(10)), assets: '[]', params });
  if (pages === 2) await upsertPage(db, id, 2, { html: '<p>x</p>', css: '', styles: '', components: JSON.stringify(secondPage(5)), assets: '[]', params });
  return guid;
}

/** Templates that reuse the converted card's files: one of the school, one shared to it by another. */
async function seedTemplates(): Promise<void> {
  const card = await db.selectFrom('documents').selectAll().where('guid', '=', ids.card).executeTakeFirstOrThrow();
  const admin = (await demo()).find((u) => u.account === 'schooladmin')!;
  const files = { pdf_key: card.pdf_key, geometry_key: card.geometry_key, status: 'converted' as const, mode: 'omr', size: 'A4', source_id: null };
  ids.template = randomUUID();
  await insertDocument(db, { ...files, guid: ids.template, kind: 'template', client_id: card.client_id, user_id: admin.id, title: `校內範本 ${stamp}`, privacy: 'client' });
  ids.shared = randomUUID();
  const other = await db.selectFrom('clients').select('id').where('code', '=', 'system').executeTakeFirstOrThrow();
  const sharedId = await insertDocument(db, { ...files, guid: ids.shared, kind: 'template', client_id: card.client_id, user_id: admin.id, title: `他校分享 ${stamp}`, privacy: 'client', disabled: 1 });
  await insertShare(db, { document_id: sharedId, from_client_id: other.id, to_client_id: card.client_id, user_id: admin.id, author: '系統管理者' });
}

const canvas = () => page.getByTestId('viewer-canvas');
const rendered = () => expect.poll(() => canvas().getAttribute('data-rendered'), { timeout: 20_000 }).toBe('true');
const pageLabel = () => page.getByTestId('viewer-page').textContent();
const cssWidth = () => canvas().evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width);

/** Clicks a button that starts a download and gives the file's bytes. */
async function download(testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync(await file.path());
}

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  [ids.card, ids.draft] = await Promise.all([seedCard(title, 2), seedCard(`未轉存 ${stamp}`, 1)]);
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('the card preview', () => {
  it('converts the card, then pages forward and back through its two pages', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    await visit('/cards/lists');
    await page.getByTestId(`card-pdf-${ids.card}`).click();
    await expect.poll(() => row(title).getByTestId('card-status').textContent(), { timeout: 90_000, interval: 1_000 }).toBe('已轉存');
    await page.getByTestId(`card-preview-${ids.card}`).click();
    await page.waitForURL(`${base}/cards/preview/${ids.card}`);
    await rendered();
    expect(await pageLabel()).toBe('第 1 / 2 頁');
    expect(await page.getByTestId('viewer-title').textContent()).toBe(title);
    expect(await page.getByTestId('viewer-prev').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('print-notes').textContent()).toContain('縮放列印會導致讀卡失敗，請以「實際大小」或 100% 列印。');
    await page.screenshot({ path: `${shots}/viewer-preview-p1.png`, fullPage: true });
    await page.getByTestId('viewer-next').click();
    await expect.poll(pageLabel).toBe('第 2 / 2 頁');
    await rendered();
    expect(await page.getByTestId('viewer-next').isDisabled()).toBe(true);
    await page.screenshot({ path: `${shots}/viewer-preview-p2.png` });
    await page.getByTestId('viewer-prev').click();
    await expect.poll(pageLabel).toBe('第 1 / 2 頁');
  }, 120_000);

  it('zooms in to 200 % and out to 80 %, each step 0.1, drawn at the device pixel ratio', async () => {
    await rendered();
    const atOne = await cssWidth();
    for (let i = 0; i < 10; i += 1) await page.getByTestId('viewer-zoom-in').click();
    await expect.poll(() => page.getByTestId('viewer-zoom').textContent()).toBe('200%');
    expect(await page.getByTestId('viewer-zoom-in').isDisabled()).toBe(true);
    await rendered();
    expect((await cssWidth()) / atOne).toBeCloseTo(2, 1);
    const sharp = await canvas().evaluate((c: HTMLCanvasElement) => c.width / c.getBoundingClientRect().width / window.devicePixelRatio);
    expect(sharp).toBeCloseTo(1, 1);
    for (let i = 0; i < 12; i += 1) if (await page.getByTestId('viewer-zoom-out').isEnabled()) await page.getByTestId('viewer-zoom-out').click();
    await expect.poll(() => page.getByTestId('viewer-zoom').textContent()).toBe('80%');
    expect(await page.getByTestId('viewer-zoom-out').isDisabled()).toBe(true);
    await rendered();
    expect((await cssWidth()) / atOne).toBeCloseTo(0.8, 1);
    await page.screenshot({ path: `${shots}/viewer-preview-80.png` });
  });

  it('downloads the preview watermarked 「預覽用 非正式使用」 on both pages', async () => {
    const pdf = await download('preview-download');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    for (const n of [1, 2]) {
      const text = pdfText(pdf, n).stdout;
      for (const c of '預覽用非正式使用') expect(text, `page ${n}`).toContain(c);
    }
    execFileSync('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', '-singlefile', '-', `${shots}/viewer-watermark-p1`], { input: pdf });
  });

  it('downloads the question-number check PDF: every bubble labelled <question>:<value>', async () => {
    const pdf = await download('preview-number-pdf');
    const labels = pdfText(pdf, 1).stdout.match(/\d+:[A-E]/g) ?? [];
    expect(new Set(labels).size).toBe(10 * 5);
    expect(pdfText(pdf, 2).stdout).toContain('15:L');
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', '-singlefile', '-', `${shots}/viewer-number-pdf-p1`], { input: pdf });
    // The labels up close: page 1's first questions at 200 dpi.
    execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-x', '0', '-y', '650', '-W', '1000', '-H', '500', '-singlefile', '-', `${shots}/viewer-number-pdf-zoom`], { input: pdf });
  });

  it('prints without student data: 1–200 copies, downloaded as one PDF', async () => {
    await page.getByTestId('preview-print-blank').click();
    await page.getByTestId('blank-copies').fill('201');
    await expect.poll(() => page.getByTestId('blank-copies-error').textContent()).toBe('份數須介於 1 到 200 之間');
    expect(await page.getByTestId('blank-submit').isDisabled()).toBe(true);
    await page.getByTestId('blank-copies').fill('3');
    await page.screenshot({ path: `${shots}/viewer-blank-dialog.png` });
    const pdf = await download('blank-submit');
    const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())?.[1];
    expect(pages).toBe('6');
  });

  it('an unconverted card: the alert 試卷尚未進行轉存，請先於試卷列表進行轉存, then back to the list', async () => {
    await visit('/cards/lists');
    await page.getByTestId(`card-preview-${ids.draft}`).click();
    await expect.poll(() => page.getByTestId('global-alert').textContent()).toContain('試卷尚未進行轉存，請先於試卷列表進行轉存');
    await page.screenshot({ path: `${shots}/viewer-not-converted.png` });
    await page.getByTestId('global-alert-ok').click();
    await page.waitForURL(`${base}/cards/lists`);
  });
});

describe('the template view, the share view and a school template preview', () => {
  it('/cards/show: the template, back to /cards/templates, add to the collection', async () => {
    await seedTemplates();
    await visit(`/cards/show/${ids.template}`);
    await rendered();
    expect(await pageLabel()).toBe('第 1 / 2 頁');
    await page.getByTestId('show-collect').click();
    await page.getByTestId('copy-title').fill(`我的收藏 ${stamp}`);
    await page.getByTestId('copy-submit').click();
    await expect.poll(() => page.getByText('已加入個人收藏').first().isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/viewer-show.png` });
    await page.getByTestId('viewer-back').click();
    await page.waitForURL(`${base}/cards/templates`);
  });

  it('/cards/shareShow: a shared copy, shared on to a teacher of the school, back to /cards/shares', async () => {
    await signIn('demo', 'schooladmin', 'schooladmin123');
    await visit('/cards/shares');
    await page.getByTestId(`share-${ids.shared}`).getByText('檢視').click();
    await page.waitForURL(`${base}/cards/shareShow?guid=${ids.shared}`);
    await rendered();
    await page.getByTestId('share-show-user').click();
    expect(await page.getByTestId('share-user-submit').isDisabled()).toBe(true);
    await page.getByTestId('share-user').click();
    await page.getByTestId('share-user-search').fill(teacherName);
    await page.getByRole('option', { name: teacherName }).first().click();
    await page.screenshot({ path: `${shots}/viewer-share-user.png` });
    await page.getByTestId('share-user-submit').click();
    await expect.poll(() => page.getByText(`已分享給 ${teacherName}`).first().isVisible()).toBe(true);
    expect(await page.getByTestId('share-show-collect').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/viewer-share-show.png` });
    await page.getByTestId('viewer-back').click();
    await page.waitForURL(`${base}/cards/shares`);
  });

  it('/client/templates/preview: the school template, go back to the list', async () => {
    await visit(`/client/templates/preview/${ids.template}`);
    await rendered();
    expect(await page.getByTestId('template-share-user').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/viewer-school-template.png` });
    await page.getByTestId('viewer-back').click();
    await page.waitForURL(`${base}/client/templates`);
  });
});
