import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { LocalStorage } from '../../src/data/storage/local-storage';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { base } from '../support/browser';
import { closeBrowser, launch, page, signIn, visit } from '../support/card-browser';
import { firstPage } from '../support/card-pages';
import { convertCard } from '../support/converted-card';
import { fillClassPrint } from '../support/fill-print';

// A class printed in A/B 卷 and read (issue 26), from real scans: a card converted by the product,
// a class of twelve printed from the print screen in two versions by seat (the print record says
// A/B), each sheet pencilled with its version's answers and B's own key sheet with B's, scanned at
// 200 dpi into one file and uploaded through the scan screen, read by the real worker. The teacher
// types the master key, sees B's students waiting for an order, sets B's options from B's scanned
// key sheet, types B's order and sees one combined item analysis with reliability; then one
// version on its own.
const shots = 'test-results/screens/score-versions';
const stamp = Date.now().toString(36).slice(-5);
const title = `A/B 卷 ${stamp}`;
const GRADE = 8;
const CLASS = 21;
const LETTERS = ['A', 'B', 'C', 'D'];
/** The master key of q1–6, and B's order: printed question i is master ORDER_B[i − 1]. */
const KEY = ['B', 'D', 'A', 'C', 'C', 'A'];
const ORDER_B = [3, 1, 2, 6, 4, 5];
const soon = { timeout: 20_000, interval: 200 };
let db: Db;
let guid = '';
let map: CardGeometryV2;
let token = '';

const numberOf = (i: number) => `V${stamp}${String(i).padStart(2, '0')}`;
const versionOf = (i: number) => (i % 2 === 0 ? 'A' : 'B');
/** Student i (0 weakest … 11 strongest) gets master question m right when i ≥ 2m − 2. */
function sheetOf(i: number): Record<string, string> {
  const right = (m: number) => i >= 2 * m - 2;
  const masterAnswer = (m: number) => (right(m) ? KEY[m - 1] : LETTERS[(LETTERS.indexOf(KEY[m - 1]) + 1) % 4]);
  const printedMaster = (q: number) => (versionOf(i) === 'A' ? q : ORDER_B[q - 1]);
  return Object.fromEntries([1, 2, 3, 4, 5, 6].map((q) => [q, masterAnswer(printedMaster(q))]));
}

const shot = (name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const owner = await db.selectFrom('users as u').innerJoin('clients as c', 'c.id', 'u.client_id').select(['u.id', 'u.client_id']).where('c.code', '=', 'demo').where('u.account', '=', 'teacher').executeTakeFirstOrThrow();
  const card = await convertCard({ db, storage: new LocalStorage(join(process.env.STORAGE_DIR!, 'e2e')) }, { schoolId: owner.client_id, userId: owner.id }, title, firstPage(KEY.length));
  guid = card.guid;
  map = card.map;
  const names = ['陳怡君', '林志明', '黃雅婷', '張家豪', '李佳穎', '王冠宇', '吳淑芬', '劉建宏', '蔡宜庭', '楊承恩', '許美玲', '鄭宇翔'];
  await db.insertInto('students').values(names.map((name, i) => ({ client_id: owner.client_id, grade: GRADE, class: CLASS, seat: i + 1, number: numberOf(i), name }))).execute();
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'demo', account: 'teacher', password: 'teacher123' }) });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  await launch();
}, 120_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

/** B's key sheet (`download keySheet` with version B), marked with B's right answers as printed on B. */
async function keySheetB(): Promise<Buffer> {
  const res = await fetch(`${base}/api/cards`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ method: 'download', action: 'keySheet', guid, version: 'B' }) });
  expect(res.status).toBe(200);
  return fillClassPrint(new Uint8Array(await res.arrayBuffer()), map, (_s, q) => (q <= KEY.length ? KEY[ORDER_B[q - 1] - 1] : ''));
}

/** One scanner file: the class's sheets, then B's key sheet. */
async function oneFile(parts: Buffer[]): Promise<Buffer> {
  const out = await PDFDocument.create();
  for (const part of parts) {
    const doc = await PDFDocument.load(part);
    for (const copied of await out.copyPages(doc, doc.getPageIndices())) out.addPage(copied);
  }
  return Buffer.from(await out.save());
}

describe('an exam in versions A and B', () => {
  it('prints in two versions, keys A, orders B and analyses both together', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The print screen: the class in two versions, alternately by seat; the class file downloaded.
    await visit(`/cards/print/${guid}`);
    await page.getByTestId(`print-grade-${GRADE}`).click();
    await page.getByTestId(`print-class-${CLASS}`).click();
    await page.getByTestId('print-versions-2').click();
    await expect.poll(() => page.getByTestId('print-version-by-seat').isVisible(), soon).toBe(true);
    await shot('print-versions');
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-progress-done').isVisible(), { timeout: 90_000, interval: 250 }).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-file').first().click()]);
    const classPdf = new Uint8Array(await readFile(await download.path()));
    const scanning = Promise.all([fillClassPrint(classPdf, map, (s, q) => sheetOf(s)[q] ?? ''), keySheetB()]).then(oneFile);
    // The print record says which versions were printed: the job's record and the card's 列印紀錄.
    await page.getByTestId('print-progress-record').click();
    await expect.poll(() => page.getByTestId('record-versions').textContent(), soon).toBe('A/B 卷（依座號輪流）');
    await shot('print-record-versions');
    await visit(`/cards/log/${guid}`);
    await expect.poll(() => page.locator('[data-testid^="log-versions-"]').first().textContent(), soon).toBe('A/B 卷（依座號輪流）');
    await shot('print-log-versions');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.locator('[data-testid^="log-versions-"]').first().textContent(), soon).toBe('Versions A/B (alternately by seat)');
    await shot('print-log-versions-en');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-tw').click();
    await expect.poll(() => page.locator('[data-testid^="log-versions-"]').first().textContent(), soon).toBe('A/B 卷（依座號輪流）');

    // The scan: uploaded on the scan screen, read by the worker — every page's version from its code.
    await visit(`/cards/scan/${guid}`);
    await page.getByTestId('scan-file').setInputFiles({ name: `${GRADE}年${CLASS}班.pdf`, mimeType: 'application/pdf', buffer: await scanning });
    await page.getByTestId('scan-upload').click();
    await expect.poll(() => page.getByTestId('scan-batch-state').first().textContent(), { timeout: 120_000, interval: 300 }).toBe('已完成');
    await shot('scan-read');
    await page.getByTestId('scan-tab-key').click();
    await expect.poll(() => page.getByTestId('key-row-6').isVisible(), soon).toBe(true);
    await page.getByTestId('key-string').fill(KEY.join(''));
    await page.getByTestId('key-string-fill').click();
    await page.getByTestId('key-save').click();
    await expect.poll(() => page.getByText('已儲存答案與配分').first().isVisible(), soon).toBe(true);
    // B's six students wait for an order; nothing of theirs is scored yet.
    await expect.poll(() => page.getByTestId('key-version-status-B').textContent(), soon).toBe('B 卷：6 位學生，尚未設定題序，這些學生暫不計分');
    // The scores tab says so too: A's six students only, B's named as left out.
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId('scores-unordered-B').textContent(), soon).toContain('B 卷 6 位學生尚未設定題序，未列入成績與分析');
    await shot('results-b-unordered');
    await page.getByTestId('scan-tab-key').click();
    await expect.poll(() => page.getByTestId('key-version-order').isVisible(), soon).toBe(true);
    // B's scanned key sheet, read against the master key: B's options set, its order still the master's.
    await page.getByTestId('key-version-use-sheet').click();
    await expect.poll(() => page.getByTestId('key-version-message').textContent(), soon).toBe('已依 B 卷答案卷設定選項順序（6 題，5 題的正確選項與母卷不同）；B 卷未設定題序，視為與母卷相同題序，若題目順序不同請再輸入題序');
    await expect.poll(() => page.getByTestId('key-version-status-B').textContent(), soon).toBe('B 卷：6 位學生，題序 1 2 3 4 5 6');
    await page.getByTestId('key-versions').scrollIntoViewIfNeeded();
    await shot('key-versions-from-sheet');
    // A wrong number is named and saves nothing.
    await page.getByTestId('key-version-order').fill('3 1 2 9');
    await page.getByTestId('key-version-save').click();
    await expect.poll(() => page.getByTestId('key-version-message').textContent(), soon).toBe('題序第 4 個「9」不是此試卷的題號');
    await page.getByTestId('key-version-order').fill('3 1 2 6 4');
    await page.getByTestId('key-version-save').click();
    await expect.poll(() => page.getByTestId('key-version-message').textContent(), soon).toBe('B 卷的題序須包含全部 6 題（缺第 6 題）');
    await page.getByTestId('key-version-order').fill(ORDER_B.join(' '));
    await page.getByTestId('key-version-save').click();
    await expect.poll(() => page.getByTestId('key-version-message').textContent(), soon).toBe('已儲存 B 卷題序（6 題）');
    await expect.poll(() => page.getByTestId('key-version-status-B').textContent(), soon).toBe('B 卷：6 位學生，題序 3 1 2 6 4 5');
    await page.getByTestId('key-versions').scrollIntoViewIfNeeded();
    await shot('key-versions');

    // Item analysis per master question across both versions: master m is right for students i ≥ 2m − 2.
    await page.getByTestId('scan-tab-items').click();
    await expect.poll(() => page.getByTestId('items-difficulty-1').textContent(), soon).toBe('100%');
    expect(await page.getByTestId('items-difficulty-2').textContent()).toBe('83%');
    expect(await page.getByTestId('items-difficulty-6').textContent()).toBe('17%');
    expect(await page.getByTestId('items-reliability-value').isVisible()).toBe(true);
    expect(await page.getByTestId('items-reliability').textContent()).toContain('信度 KR-20');
    await shot('items-combined');
    // One version on its own: B's six students.
    await page.getByTestId('items-version-B').click();
    await expect.poll(() => page.getByTestId('items-difficulty-6').textContent(), soon).toBe('17%');
    // The other version stays to choose.
    expect(await page.getByTestId('items-version-A').isVisible()).toBe(true);
    await shot('items-version-b');
    // The key tab in English: B's key-sheet button and its message.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('scan-tab-key').click();
    await expect.poll(() => page.getByTestId('key-version-use-sheet').textContent(), soon).toBe('Set version B options from its key sheet');
    await page.getByTestId('key-version-use-sheet').click();
    await expect.poll(() => page.getByTestId('key-version-message').textContent(), soon).toBe('Version B option orders set from its key sheet (6 questions, 0 with the right option moved); the saved question order is kept');
    await page.getByTestId('key-versions').scrollIntoViewIfNeeded();
    await shot('key-versions-en');
    expect(errors).toEqual([]);
  }, 300_000);
});
