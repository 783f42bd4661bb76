import { mkdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { insertBatch, insertPages } from '../../src/data/repos/scan.repo';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { PAGE_CODE_RECT, SCAN_MARKS } from '../../src/shared/geometry/scan-layout';
import { closeBrowser, launch, page, signIn, visit } from '../support/card-browser';
import { insertDemoCard } from '../support/seed-card';

// A teacher scores a class that was already read (issue 13): the card's map and the students'
// read pages are seeded straight into storage and scan_pages (reading itself has its own tests).
// The teacher types the key as a string, saves, sees scores, statistics and item analysis, changes
// one answer and sees every score move, and downloads the workbook.
const shots = 'test-results/screens/scores-ui';
const stamp = Date.now().toString(36).slice(-5);
const title = `計分 ${stamp}`;
const GRADE = 9;
const STUDENTS = 16;
const LETTERS = ['A', 'B', 'C', 'D'];
/** q1–q10 single A–D, q11 multi A–E, q12 true/false. */
const KINDS = [...Array<'single'>(10).fill('single'), 'multi', 'truefalse'] as const;
const soon = { timeout: 20_000, interval: 200 };
let db: Db;
let guid = '';

const numberOf = (i: number) => `S${stamp}${String(i).padStart(2, '0')}`;
const classOf = (i: number) => 11 + (i % 2);
const seatOf = (i: number) => Math.floor(i / 2) + 1;

/**
 * Student i (0 weakest … 15 strongest): question q (1–10) right when i ≥ q − 1, except q3, which
 * only the six weakest get right (negative discrimination); a wrong answer is the next letter, so
 * on q10 that distractor beats the key. q11 (AC): AC, A or BD by strength; q12: 是 for even i.
 */
function answersOf(i: number): Record<string, string> {
  const answers: Record<string, string> = {};
  for (let q = 1; q <= 10; q++) {
    const key = (q - 1) % 4;
    const right = q === 3 ? i < 6 : i >= q - 1;
    answers[q] = right ? LETTERS[key] : LETTERS[(key + 1) % 4];
  }
  if (i === 0) answers[9] = '';
  answers[11] = i >= 8 ? 'AC' : i >= 4 ? 'A' : 'BD';
  answers[12] = i % 2 === 0 ? '是' : '否';
  return answers;
}

function cardMap(): CardGeometryV2 {
  const groups = KINDS.map((kind, i) => ({ page: 1, q: i + 1, showno: String(i + 1), kind, rect: { x: 60, y: 120 + i * 30, w: 300, h: 20 } }));
  const optionsOf = (kind: string) => (kind === 'multi' ? ['A', 'B', 'C', 'D', 'E'] : kind === 'truefalse' ? ['是', '否'] : LETTERS);
  const bubbles = groups.flatMap((g) => optionsOf(g.kind).map((value, v) => ({ page: 1, q: g.q, value, showno: g.showno, rect: { x: 90 + v * 30, y: g.rect.y + 4, w: 16, h: 12 } })));
  return { version: 2, page: { w: 595.28, h: 841.89 }, pages: 1, bubbles, groups, header: null, layout: 'E2ES', marks: [...SCAN_MARKS], pageCode: { rect: PAGE_CODE_RECT, module: 0.6 } };
}

async function seedReadClass(): Promise<void> {
  const card = await insertDemoCard(db, title);
  guid = card.guid;
  const owner = await db.selectFrom('documents').select(['client_id', 'user_id']).where('id', '=', card.id).executeTakeFirstOrThrow();
  // The app under test stores its files in $STORAGE_DIR/e2e (scripts/test.ts).
  const key = `pdf/scores-e2e-${guid}/geometry.json`;
  const file = join(process.env.STORAGE_DIR!, 'e2e', key);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(cardMap()));
  await db.updateTable('documents').set({ status: 'converted', geometry_key: key }).where('id', '=', card.id).execute();
  const names = ['陳怡君', '林志明', '黃雅婷', '張家豪', '李佳穎', '王冠宇', '吳淑芬', '劉建宏', '蔡宜庭', '楊承恩', '許美玲', '鄭宇翔', '謝欣怡', '郭俊傑', '洪詩涵', '曾柏翰'];
  await db.insertInto('students').values(names.map((name, i) => ({ client_id: owner.client_id, grade: GRADE, class: classOf(i), seat: seatOf(i), number: numberOf(i), name }))).execute();
  const students = await db.selectFrom('students').select(['id', 'number']).where('client_id', '=', owner.client_id).where('grade', '=', GRADE).execute();
  const idOf = new Map(students.map((s) => [s.number, s.id]));
  const batch = await insertBatch(db, { client_id: owner.client_id, document_id: card.id, user_id: owner.user_id, filename: `${GRADE}年.pdf`, file_key: `scans/${guid}.pdf`, state: 'done', pages_total: STUDENTS, pages_done: STUDENTS });
  // A scanned answer-key sheet (a page whose code says 答案卷): the key the teacher typed, q1 A.
  const sheet = { ...Object.fromEntries(Array.from({ length: 10 }, (_, q) => [q + 1, LETTERS[q % 4]])), 11: 'AC', 12: '是' };
  const common = { batch_id: batch, client_id: owner.client_id, document_id: card.id, card_page: 1, copy_no: null, reading: '{}', image_key: null };
  const keyPage = { ...common, page_index: STUDENTS + 1, status: 'key' as const, student_id: null, answers: JSON.stringify(sheet), flags: '{}' };
  const studentPages = Array.from({ length: STUDENTS }, (_, i) => {
    const answers = answersOf(i);
    const flags = Object.fromEntries(Object.entries(answers).filter(([, a]) => a === '').map(([q]) => [q, 'blank']));
    return { ...common, page_index: i + 1, status: 'read' as const, student_id: idOf.get(numberOf(i))!, answers: JSON.stringify(answers), flags: JSON.stringify(flags) };
  });
  await insertPages(db, [keyPage, ...studentPages]);
}

const shot = (name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
const score = (i: number) => page.getByTestId(`results-score-${numberOf(i)}`).textContent();
/** Each screen as a phone shows it too; `look` runs at phone size before the shot. */
async function phoneShot(name: string, look?: () => Promise<void>): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await look?.();
  await shot(`${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 860 });
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await seedReadClass();
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('scoring a read class', () => {
  it('types a key, sees scores and item analysis, changes one answer, sees the scores move and downloads the workbook', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await visit(`/cards/scan/${guid}`);

    // No key yet: the scores tab says where to go.
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId('scores-no-key').isVisible(), soon).toBe(true).catch(async (e: unknown) => {
      await shot('failed');
      throw new Error(`${String(e)}; page errors: ${errors.join(' | ')}`);
    });
    await shot('results-no-key');
    await page.getByTestId('scores-go-key').click();
    await expect.poll(() => page.getByTestId('key-row-12').isVisible(), soon).toBe(true);

    // A wrong letter names its question and fills nothing; the right string fills all twelve.
    await page.getByTestId('key-string').fill('ABCF');
    await page.getByTestId('key-string-fill').click();
    await expect.poll(() => page.getByTestId('key-fast-outcome').textContent(), soon).toContain('第 4 題的答案「F」不是此題的選項');
    expect(await page.getByTestId('key-opt-1-A').getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('key-string').fill('abcdabcdab(ca)o');
    await page.getByTestId('key-string-fill').click();
    await expect.poll(() => page.getByTestId('key-fast-outcome').textContent(), soon).toBe('已填入 12 題（尚未儲存）');
    expect(await page.getByTestId('key-opt-11-C').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('key-opt-12-是').getAttribute('aria-pressed')).toBe('true');
    // 5 points each, partial credit on the multi-choice question.
    await page.getByTestId('key-points-all').fill('5');
    await page.getByTestId('key-points-apply').click();
    await page.getByTestId('key-rule-11').click();
    await page.getByRole('option', { name: '多選部分給分 (n−2k)/n' }).click();
    await expect.poll(() => page.getByTestId('key-total').textContent(), soon).toBe('滿分 60 分');
    expect(await page.getByTestId('key-unsaved').isVisible()).toBe(true);
    // A spreadsheet column pasted as 題號, 答案, 配分: question 12 becomes 否 for 6 points, then back.
    await page.getByTestId('key-paste').fill('題號\t答案\t配分\n12\tX\t6\n');
    await page.getByTestId('key-paste-apply').click();
    await expect.poll(() => page.getByTestId('key-total').textContent(), soon).toBe('滿分 61 分');
    expect(await page.getByTestId('key-opt-12-否').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('key-paste').fill('12\t是\t5');
    await page.getByTestId('key-paste-apply').click();
    await expect.poll(() => page.getByTestId('key-total').textContent(), soon).toBe('滿分 60 分');
    await shot('key-filled');
    await page.getByTestId('key-save').click();
    await expect.poll(() => page.getByText('已儲存答案與配分').first().isVisible(), soon).toBe(true);
    await expect.poll(() => page.getByTestId('key-unsaved').count(), soon).toBe(0);
    // 「已填入 12 題（尚未儲存）」 no longer says the key is unsaved once it is saved.
    await expect.poll(() => page.getByTestId('key-fast-outcome').count(), soon).toBe(0);
    await shot('key-saved');
    await phoneShot('key');

    // Scores: the strongest 45 + 5 (AC) + 0 (否) = 50; the weakest q1 + q3 + 是 = 15; i = 5: six
    // right (30) + partial 5 × 3/5 (3) = 33.
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => score(15), soon).toBe('50');
    expect(await score(0)).toBe('15');
    expect(await score(5)).toBe('33');
    expect(await page.getByTestId(`results-cell-${numberOf(5)}-11`).textContent()).toBe('3');
    expect(await page.getByTestId(`results-cell-${numberOf(0)}-3`).textContent()).toBe('✓');
    expect(await page.getByTestId(`results-cell-${numberOf(15)}-3`).textContent()).toBe('✗');
    expect(await page.getByTestId('results-stats-count').textContent()).toBe(String(STUDENTS));
    expect(await page.getByTestId('results-classes').textContent()).toContain('11班');
    await expect.poll(() => page.locator('[data-testid="results-histogram"] .recharts-bar-rectangle').count(), soon).toBeGreaterThan(0);
    await page.getByTestId('results-sort-score').click();
    // Highest first: the strong even-numbered students, 45 + 5 + 5 = 55, the first in class and seat order.
    expect(await page.locator('[data-testid^="results-row-"]').first().getAttribute('data-testid')).toBe(`results-row-${numberOf(10)}`);
    expect(await score(10)).toBe('55');
    await shot('results-grade');
    // One class, and the grade beside it.
    await page.getByTestId('scores-grade').click();
    await page.getByRole('option', { name: `${GRADE}年級` }).click();
    await page.getByTestId('scores-class').click();
    await page.getByRole('option', { name: '12班' }).click();
    await expect.poll(() => page.getByTestId('results-stats-count').textContent(), soon).toBe('8');
    await expect.poll(() => page.getByTestId('results-grade-stats-count').textContent(), soon).toBe(String(STUDENTS));
    expect(await page.locator('[data-testid^="results-row-"]').count()).toBe(8);
    await page.getByTestId('results-below').fill('40');
    await expect.poll(() => page.locator('[data-testid^="results-row-"]').count(), soon).toBeLessThan(8);
    await shot('results-class');
    // On a phone the questions scroll sideways under the seat and name, which stay put.
    await phoneShot('results-class', async () => {
      const name = page.getByTestId(`results-row-${numberOf(7)}`).getByText('劉建宏');
      const before = (await name.boundingBox())!.x;
      await page.getByTestId('results-scroll').evaluate((el) => el.scrollBy({ left: 400 }));
      await expect.poll(() => page.getByTestId('results-scroll').evaluate((el) => el.scrollLeft), soon).toBeGreaterThan(100);
      expect((await name.boundingBox())!.x).toBeLessThanOrEqual(before);
      expect((await name.boundingBox())!.x).toBeGreaterThan(0);
    });
    await page.getByTestId('results-below').fill('');

    // Item analysis: the two warnings, the key highlighted.
    await page.getByTestId('scan-tab-items').click();
    await page.getByTestId('scores-grade').click();
    await page.getByRole('option', { name: '全部' }).click();
    await expect.poll(() => page.getByTestId('items-flag-3-negative_discrimination').isVisible(), soon).toBe(true);
    await expect.poll(() => page.getByTestId('items-flag-10-distractor_above_key').isVisible(), soon).toBe(true);
    expect(await page.getByTestId('items-difficulty-1').textContent()).toBe('100%');
    expect(await page.getByTestId('items-key-11').textContent()).toBe('AC');
    await expect.poll(() => page.locator('[data-testid="items-chart-indices"] .recharts-bar-rectangle').count(), soon).toBeGreaterThan(0);
    await shot('items');
    await phoneShot('items');

    // Question 1's key becomes B: nobody marked B, so every score drops by 5. Leaving the tab
    // unsaved asks first.
    await page.getByTestId('scan-tab-key').click();
    await page.getByTestId('key-opt-1-B').click();
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent(), soon).toContain('答案與配分尚未儲存，確定要離開嗎？');
    await page.getByTestId('confirm-cancel').click();
    expect(await page.getByTestId('key-panel').isVisible()).toBe(true);
    await page.getByTestId('key-save').click();
    await expect.poll(() => page.getByTestId('key-unsaved').count(), soon).toBe(0);
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => score(15), soon).toBe('45');
    expect(await score(0)).toBe('10');
    expect(await score(5)).toBe('28');

    // The workbook: a sheet per class with the new scores.
    await page.getByTestId('scores-grade').click();
    await page.getByRole('option', { name: '全部' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('results-download-xlsx').click()]);
    expect(download.suggestedFilename()).toBe(`${title}_成績.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(`${GRADE}年12班`)!;
    const row = sheet.getRows(4, 8)!.find((r) => r.getCell(2).value === numberOf(15))!;
    expect(row.getCell(3).value).toBe('曾柏翰');
    expect(row.getCell(4 + 12).value).toBe(45); // after the 12 question columns: the score
    expect(sheet.getRow(2).getCell(4).value).toBe('B');

    // The scanned key sheet puts question 1 back to A, points kept.
    await page.getByTestId('scan-tab-key').click();
    await page.getByTestId('key-use-scanned').click();
    await expect.poll(() => page.getByTestId('key-opt-1-A').getAttribute('aria-pressed'), soon).toBe('true');
    expect(await page.getByTestId('key-total').textContent()).toBe('滿分 60 分');
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => score(15), soon).toBe('50');

    // The same screens in English.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.getByTestId('scan-tab-items').textContent(), soon).toBe('Item analysis');
    await shot('results-en');
    await page.getByTestId('scan-tab-key').click();
    await expect.poll(() => page.getByTestId('key-total').textContent(), soon).toBe('Full marks: 60');
    await phoneShot('key-en');
    // The spec reloads the page after a theme change: wait for it before choosing the tab.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('theme-switch').click()]);
    await page.getByTestId('scan-tab-items').click();
    await expect.poll(() => page.locator('[data-testid="items-chart-indices"] .recharts-bar-rectangle').count(), soon).toBeGreaterThan(0);
    await shot('items-en-dark');
    expect(errors).toEqual([]);
  }, 180_000);

  it('reaches 成績 from the side menu: the overview lists the exam with its mean and opens its results', async () => {
    await visit('/home');
    const menu = page.getByTestId('side-menu');
    await menu.getByText('Cards', { exact: true }).click();
    await menu.getByText('Scores overview', { exact: true }).click();
    await page.waitForURL(/\/cards\/scores$/);
    const row = page.getByTestId(`overview-row-${guid}`);
    await expect.poll(() => row.isVisible(), soon).toBe(true);
    expect(await row.getByTestId('overview-mean').textContent()).toMatch(/^[\d.]+ \/ 60$/);
    expect(await row.getByTestId('overview-review-done').textContent()).toBe('All reviewed');
    await shot('overview-en-dark');
    await phoneShot('overview-en-dark');
    await row.getByTestId('overview-open').click();
    await expect.poll(() => page.getByTestId('scan-tab-results').getAttribute('aria-selected'), soon).toBe('true');
    await expect.poll(() => score(15), soon).toBe('50');
  }, 60_000);
});
