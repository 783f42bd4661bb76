import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/database';
import { replaceRoster } from '../../src/server/repos/students.repo';
import type { PageReading } from '../../src/scan/page-reading';
import { base, shots } from '../support/browser';
import { closeBrowser, launch, page, signIn, visit } from '../support/card-browser';
import { questionsOf, reviewPage, reviewTestMap, type Marks } from '../support/review-fixtures';
import { LAYOUT } from '../support/scan-fixtures';
import { insertDemoCard } from '../support/seed-card';

// Issue 24 as a teacher sees it: two classes read back — one student ticking instead of filling
// (the reader's `sheetStyle` has not landed on this branch, so the readings are seeded as the
// contract says the reader will write them: one page, sheetStyle 'tick', a proposal per question),
// one absent, one page whose code was covered. Resolve the ticking sheet in one decision, assign
// the covered page, answer a 是非 by key, watch 「尚有 N 項待確認」 vanish, see 缺考, delete a batch
// and take it back. Pages are seeded straight into the database with their images in storage.
const title = `複查 ${Date.now().toString(36)}`;
let db: Db;
let guid = '';
let token = '';
let cardId = 0;
const soon = { timeout: 20_000, interval: 200 };
const tag = Date.now().toString(36).slice(-4).toUpperCase();
const num = (klass: number, seat: number) => `R${tag}${klass}${seat}`;

async function api(body: unknown): Promise<Response> {
  return fetch(`${base}/api/cards`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
}

/** A scanned page as the review image: A4 at 850 px, the map's bubbles drawn, marked ones filled (or ticked). */
async function pageImage(reading: PageReading, cardPage: number, ticked = false): Promise<Buffer> {
  const map = reviewTestMap();
  const scale = 850 / map.page.w;
  const width = 850;
  const height = Math.round(map.page.h * scale);
  const data = Buffer.alloc(width * height, 250);
  const box = (x: number, y: number, w: number, h: number, v: number) => {
    for (let yy = Math.round(y * scale); yy < Math.round((y + h) * scale); yy++) for (let xx = Math.round(x * scale); xx < Math.round((x + w) * scale); xx++) data[yy * width + xx] = v;
  };
  for (const b of map.bubbles.filter((b) => b.page === cardPage)) {
    box(b.rect.x, b.rect.y, b.rect.w, 0.8, 120);
    box(b.rect.x, b.rect.y + b.rect.h - 0.8, b.rect.w, 0.8, 120);
    const q = reading.questions.find((x) => x.q === b.q);
    const marked = q && (q.answer.includes(b.value) || ((q as { proposal?: string }).proposal ?? '').includes(b.value));
    if (marked && !ticked) box(b.rect.x + 2, b.rect.y + 2, b.rect.w - 4, b.rect.h - 4, 60);
    if (marked && ticked) for (let i = 0; i < 8; i++) box(b.rect.x + 3 + i, b.rect.y + 6 + (i < 3 ? i : 6 - i), 1.4, 1.4, 50);
  }
  return sharp(data, { raw: { width, height, channels: 1 } }).jpeg({ quality: 80 }).toBuffer();
}

interface SeedPage {
  reading: PageReading;
  cardPage: number | null;
  student: number | null;
  status: 'read' | 'review' | 'unidentified';
  assumed?: unknown;
  ticked?: boolean;
  imagePage?: number;
}

async function seedBatch(school: number, user: number, filename: string, pages: SeedPage[]): Promise<number> {
  const batch = await db.insertInto('scan_batches').values({ client_id: school, document_id: cardId, user_id: user, filename, file_key: `scans/e2e-${tag}/${filename}`, state: 'done', pages_total: pages.length, pages_done: pages.length }).executeTakeFirstOrThrow();
  const batchId = Number(batch.insertId);
  for (const [i, p] of pages.entries()) {
    const key = `scans/e2e-review-${tag}/${batchId}/${i + 1}.jpg`;
    const path = join(process.env.STORAGE_DIR!, 'e2e', key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, await pageImage(p.reading, p.imagePage ?? p.cardPage ?? 1, p.ticked));
    const answers = Object.fromEntries(p.reading.questions.map((q) => [String(q.q), q.answer]));
    const flags = Object.fromEntries(p.reading.questions.filter((q) => q.status !== 'ok').map((q) => [String(q.q), q.status]));
    await db
      .insertInto('scan_pages')
      .values({ batch_id: batchId, client_id: school, document_id: cardId, page_index: i + 1, status: p.status, card_page: p.cardPage, student_id: p.student, copy_no: null, answers: JSON.stringify(p.status === 'unidentified' ? {} : answers), flags: JSON.stringify(p.status === 'unidentified' ? {} : flags), reading: JSON.stringify(p.reading), image_key: key, assumed: p.assumed ? JSON.stringify(p.assumed) : null })
      .execute();
  }
  return batchId;
}

const RIGHT: Record<number, string> = { 1: 'B', 2: 'AC', 3: '是', 4: '7' };
const RIGHT2: Record<number, string> = { 5: 'C', 6: '否' };

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const card = await insertDemoCard(db, title, { account: 'schooladmin' });
  guid = card.guid;
  cardId = card.id;
  const key = `pdf/e2e-review-${tag}/geometry.json`;
  const path = join(process.env.STORAGE_DIR!, 'e2e', key);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(reviewTestMap()));
  await db.updateTable('documents').set({ status: 'converted', geometry_key: key }).where('id', '=', card.id).execute();
  const school = await db.selectFrom('clients').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('id').where('client_id', '=', school.id).where('account', '=', 'schooladmin').executeTakeFirstOrThrow();
  const roster = [
    ...[1, 2, 3, 4].map((seat) => ({ grade: 1, class: 1, seat, number: num(1, seat), name: ['王小明', '陳打勾', '林遮碼', '張缺考'][seat - 1] })),
    ...[1, 2, 3].map((seat) => ({ grade: 1, class: 2, seat, number: num(2, seat), name: ['李一', '吳是非', '趙缺考'][seat - 1] })),
  ];
  await db.transaction().execute((trx) => replaceRoster(trx, school.id, roster));
  const ids = Object.fromEntries((await db.selectFrom('students').select(['id', 'number']).where('client_id', '=', school.id).execute()).map((s) => [s.number, s.id]));
  const id = (klass: number, seat: number) => ids[num(klass, seat)];
  const ticks: Marks = Object.fromEntries(Object.entries(RIGHT).map(([q, a]) => [q, ['?', Object.fromEntries([...a].map((v) => [v, 0.3])), { proposal: a, style: 'tick' }]]));
  const covered: PageReading = { status: 'unidentified', code: null, upsideDown: false, residualMm: 0.4, header: null, flags: ['no-page-code'], questions: [] };
  const assumed = { guess: 1, readings: { 1: { ...covered, code: { document: cardId, layout: LAYOUT, page: 1 }, questions: questionsOf(1, RIGHT) }, 2: { ...covered, code: { document: cardId, layout: LAYOUT, page: 2 }, questions: questionsOf(2, {}) } } };
  await seedBatch(school.id, user.id, '1年1班.pdf', [
    { reading: reviewPage(cardId, 1, id(1, 1), RIGHT), cardPage: 1, student: id(1, 1), status: 'read' },
    { reading: reviewPage(cardId, 2, id(1, 1), RIGHT2), cardPage: 2, student: id(1, 1), status: 'read' },
    { reading: reviewPage(cardId, 1, id(1, 2), ticks, { sheetStyle: 'tick' }), cardPage: 1, student: id(1, 2), status: 'review', ticked: true },
    { reading: reviewPage(cardId, 2, id(1, 2), RIGHT2), cardPage: 2, student: id(1, 2), status: 'read' },
    { reading: { ...covered, questions: questionsOf(1, RIGHT) }, cardPage: null, student: null, status: 'unidentified', assumed, imagePage: 1 },
    { reading: reviewPage(cardId, 2, id(1, 3), RIGHT2), cardPage: 2, student: id(1, 3), status: 'read' },
  ]);
  await seedBatch(school.id, user.id, '1年2班.pdf', [
    { reading: reviewPage(cardId, 1, id(2, 1), RIGHT), cardPage: 1, student: id(2, 1), status: 'read' },
    { reading: reviewPage(cardId, 2, id(2, 1), RIGHT2), cardPage: 2, student: id(2, 1), status: 'read' },
    { reading: reviewPage(cardId, 1, id(2, 2), { ...RIGHT, 3: ['?', { 否: 0.5 }] }), cardPage: 1, student: id(2, 2), status: 'review' },
    { reading: reviewPage(cardId, 2, id(2, 2), RIGHT2), cardPage: 2, student: id(2, 2), status: 'read' },
  ]);
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'demo', account: 'schooladmin', password: 'schooladmin123' }) });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  const keyReply = await api({ method: 'save', action: 'answerKey', guid, key: Object.fromEntries(Object.entries({ ...RIGHT, ...RIGHT2 }).map(([q, answer]) => [q, { answer, points: 1 }])) });
  expect(keyReply.status).toBe(200);
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('review as a teacher', () => {
  it('resolves a ticking sheet in one decision, assigns a covered page, sees 缺考 and the pending banner vanish; deletes a batch and takes it back', async () => {
    await signIn('demo', 'schooladmin', 'schooladmin123');
    await page.setViewportSize({ width: 1366, height: 900 });
    await visit(`/cards/scan/${guid}`);
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId('pending-banner').textContent(), soon).toContain('尚有 3 項待確認');
    await expect.poll(() => page.getByTestId(`results-score-${num(1, 4)}`).textContent(), soon).toBe('缺考');
    expect(await page.getByTestId(`results-score-${num(2, 3)}`).textContent()).toBe('缺考');
    await page.screenshot({ path: `${shots}/review-results-pending-1366.png`, fullPage: true });

    // The ticking sheet: one item, the proposals drawn on the page; Enter accepts them all.
    await page.getByTestId('scan-tab-review').click();
    await page.getByTestId('scan-review-filter-sheet').click();
    await expect.poll(() => page.getByTestId('scan-review-sheet').isVisible(), soon).toBe(true);
    await expect.poll(() => page.getByTestId('scan-sheet-tag-2').textContent(), soon).toBe('AC');
    await page.screenshot({ path: `${shots}/review-sheet-1366.png`, fullPage: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('scan-review-filter-sheet').textContent(), soon).toBe('整張卷面 (0)');

    // The covered page: the field is focused; the student number and Enter assign it.
    await page.getByTestId('scan-review-filter-unidentified').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), soon).toBe('scan-review-number');
    await page.screenshot({ path: `${shots}/review-unidentified-1366.png`, fullPage: true });
    await page.keyboard.type(num(1, 3));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('scan-review-filter-unidentified').textContent(), soon).toBe('無法辨識學生 (0)');

    // A 是非 question: the faint 否 is pre-selected, but the teacher sees 是 meant: O is 是.
    await page.getByTestId('scan-review-filter-all').click();
    await expect.poll(() => page.getByTestId('scan-review-kind').textContent(), soon).toBe('是非');
    await page.screenshot({ path: `${shots}/review-truefalse-1366.png`, fullPage: true });
    await page.keyboard.press('o');
    await expect.poll(() => page.getByTestId('scan-review-empty').isVisible(), soon).toBe(true);

    // Results: no banner, the assigned page scored, 缺考 still 缺考.
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId(`results-score-${num(1, 3)}`).textContent(), soon).toBe('6');
    expect(await page.getByTestId('pending-banner').count()).toBe(0);
    expect(await page.getByTestId(`results-score-${num(1, 2)}`).textContent()).toBe('6');
    expect(await page.getByTestId(`results-score-${num(2, 2)}`).textContent()).toBe('6');
    await page.screenshot({ path: `${shots}/review-results-done-1366.png`, fullPage: true });

    // Delete class 2's batch (asked first), then take it back with 復原: its decision is kept.
    await page.getByTestId('scan-tab-upload').click();
    const del = page.locator('[data-testid^="scan-batch-delete-"]').first();
    await expect.poll(() => del.isVisible(), soon).toBe(true);
    await expect.poll(() => page.getByTestId('scan-batch-summary').first().textContent(), soon).toContain('已讀入');
    await page.screenshot({ path: `${shots}/review-batches-1366.png`, fullPage: true });
    await del.click();
    await page.getByTestId('scan-batch-delete-ok').click();
    await expect.poll(() => page.locator('[data-testid^="scan-batch-delete-"]').count(), soon).toBe(1);
    await page.locator('[data-sonner-toast]', { hasText: '已刪除批次' }).getByRole('button', { name: '復原' }).click();
    await expect.poll(() => page.locator('[data-testid^="scan-batch-delete-"]').count(), soon).toBe(2);
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId(`results-score-${num(2, 2)}`).textContent(), soon).toBe('6');

    // A phone: the results and a sheet.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${shots}/review-results-375.png`, fullPage: true });
    await page.getByTestId('scan-tab-answers').click();
    await page.getByTestId(`scan-sheets-${num(1, 2)}`).click();
    await expect.poll(() => page.getByTestId('scan-sheet-image').first().isVisible(), soon).toBe(true);
    await page.screenshot({ path: `${shots}/review-sheet-375.png` });
  }, 240_000);
});
