import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/database';
import { insertBatch, insertPages } from '../../src/server/repos/scan.repo';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { PAGE_CODE_RECT, SCAN_MARKS } from '../../src/shared/geometry/scan-layout';
import { closeBrowser, launch, page, signIn, visit } from '../support/card-browser';
import { insertDemoCard } from '../support/seed-card';

// A class printed in A/B 卷 and read (issue 26): the card's map and the students' read pages, each
// with the version its page code carried, are seeded into storage and scan_pages (printing and
// reading in versions have their own integration tests). The teacher chooses two versions on the
// print screen, types the master key, sees B's students waiting for an order, types B's order and
// sees one combined item analysis with reliability; then one version on its own.
const shots = '/work/notes/shots/score-versions';
const stamp = Date.now().toString(36).slice(-5);
const title = `A/B 卷 ${stamp}`;
const GRADE = 8;
const STUDENTS = 12;
const LETTERS = ['A', 'B', 'C', 'D'];
/** The master key of q1–6, and B's order: printed question i is master ORDER_B[i − 1]. */
const KEY = ['B', 'D', 'A', 'C', 'C', 'A'];
const ORDER_B = [3, 1, 2, 6, 4, 5];
const soon = { timeout: 20_000, interval: 200 };
let db: Db;
let guid = '';

const numberOf = (i: number) => `V${stamp}${String(i).padStart(2, '0')}`;
const versionOf = (i: number) => (i % 2 === 0 ? 'A' : 'B');
/** Student i (0 weakest … 11 strongest) gets master question m right when i ≥ 2m − 2. */
function sheetOf(i: number): Record<string, string> {
  const right = (m: number) => i >= 2 * m - 2;
  const masterAnswer = (m: number) => (right(m) ? KEY[m - 1] : LETTERS[(LETTERS.indexOf(KEY[m - 1]) + 1) % 4]);
  const printedMaster = (q: number) => (versionOf(i) === 'A' ? q : ORDER_B[q - 1]);
  return Object.fromEntries([1, 2, 3, 4, 5, 6].map((q) => [q, masterAnswer(printedMaster(q))]));
}

function cardMap(): CardGeometryV2 {
  const groups = KEY.map((_, i) => ({ page: 1, q: i + 1, showno: String(i + 1), kind: 'single' as const, rect: { x: 60, y: 120 + i * 30, w: 300, h: 20 } }));
  const bubbles = groups.flatMap((g) => LETTERS.map((value, v) => ({ page: 1, q: g.q, value, showno: g.showno, rect: { x: 90 + v * 30, y: g.rect.y + 4, w: 16, h: 12 } })));
  return { version: 2, page: { w: 595.28, h: 841.89 }, pages: 1, bubbles, groups, header: null, layout: 'E2EV', marks: [...SCAN_MARKS], pageCode: { rect: PAGE_CODE_RECT, module: 0.6 } };
}

async function seedReadClass(): Promise<void> {
  const card = await insertDemoCard(db, title);
  guid = card.guid;
  const owner = await db.selectFrom('documents').select(['client_id', 'user_id']).where('id', '=', card.id).executeTakeFirstOrThrow();
  const key = `pdf/score-versions-e2e-${guid}/geometry.json`;
  const file = join(process.env.STORAGE_DIR!, 'e2e', key);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(cardMap()));
  await db.updateTable('documents').set({ status: 'converted', geometry_key: key }).where('id', '=', card.id).execute();
  const names = ['陳怡君', '林志明', '黃雅婷', '張家豪', '李佳穎', '王冠宇', '吳淑芬', '劉建宏', '蔡宜庭', '楊承恩', '許美玲', '鄭宇翔'];
  await db.insertInto('students').values(names.map((name, i) => ({ client_id: owner.client_id, grade: GRADE, class: 21, seat: i + 1, number: numberOf(i), name }))).execute();
  const students = await db.selectFrom('students').select(['id', 'number']).where('client_id', '=', owner.client_id).where('grade', '=', GRADE).where('class', '=', 21).execute();
  const idOf = new Map(students.map((s) => [s.number, s.id]));
  const batch = await insertBatch(db, { client_id: owner.client_id, document_id: card.id, user_id: owner.user_id, filename: `${GRADE}年21班.pdf`, file_key: `scans/${guid}.pdf`, state: 'done', pages_total: STUDENTS, pages_done: STUDENTS });
  const common = { batch_id: batch, client_id: owner.client_id, document_id: card.id, card_page: 1, copy_no: null, reading: '{}', image_key: null, flags: '{}' };
  await insertPages(db, Array.from({ length: STUDENTS }, (_, i) => ({ ...common, page_index: i + 1, status: 'read' as const, student_id: idOf.get(numberOf(i))!, version: versionOf(i), answers: JSON.stringify(sheetOf(i)) })));
}

const shot = (name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await seedReadClass();
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('an exam in versions A and B', () => {
  it('prints in two versions, keys A, orders B and analyses both together', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The print screen offers the versions and how students get them.
    await visit(`/cards/print/${guid}`);
    await page.getByTestId('print-versions-2').click();
    await expect.poll(() => page.getByTestId('print-version-by-seat').isVisible(), soon).toBe(true);
    await shot('print-versions');

    await visit(`/cards/scan/${guid}`);
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
    expect(errors).toEqual([]);
  }, 120_000);
});
