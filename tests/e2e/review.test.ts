import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeClassPdf } from '../../src/pdf/compose-class-pdf';
import { printCardOf } from '../../src/pdf/print-source';
import { createDb, type Db } from '../../src/data/db/database';
import { LocalStorage } from '../../src/data/storage/local-storage';
import { ZPageComponents } from '../../src/shared/card/page-blocks';
import { base } from '../support/browser';
import { single } from '../support/card-pages';
import { closeBrowser, launch, page, signIn, visit } from '../support/card-browser';
import { convertCard } from '../support/converted-card';
import { fillClassPrint, type SheetHabit } from '../support/fill-print';

// Issue 24 as a teacher sees it, from real scans: a card converted by the product (four choice
// questions and a 是非), a class printed by the product's class composer, each sheet pencilled
// and scanned at 200 dpi — one student ticking every answer instead of filling, one whose page
// code is under a sticker, one marking both 是 and 否, two absent (their sheets not in the stack)
// — uploaded through the scan screen's file control and read by the real worker. Then: the
// ticking sheet accepted with one Enter, the covered page assigned from the focused field, the
// 是非 answered with O, 「尚有 N 項待確認」 gone and 缺考 shown; the batch deleted and taken back;
// the same file uploaded again (the screen asks, then sends it with again=1) and removed.
const shots = 'test-results/screens/review-real';
const stamp = Date.now().toString(36);
const title = `複查實掃 ${stamp}`;
const GRADE = 7;
const CLASS = 40 + (Date.now() % 50);
const soon = { timeout: 20_000, interval: 200 };
const reading = { timeout: 120_000, interval: 300 };
const NAMES = ['王小明', '陳打勾', '林遮碼', '張缺考', '吳是非', '趙缺考'];
const HABITS: SheetHabit[] = [{}, { tick: true }, { coverCode: true }, { absent: true }, {}, { absent: true }];
/** Which options of each question are right (by index in the map's order): q1–q8 A–D, q9 two of A–D (multi), q10 是. */
const RIGHT: Record<number, number[]> = { 1: [1], 2: [3], 3: [0], 4: [2], 5: [1], 6: [0], 7: [3], 8: [2], 9: [0, 2], 10: [0] };
const QUESTIONS = 10;
let db: Db;
let guid = '';
let scan: Buffer;
let key: Record<number, string> = {};
const numberOf = (seat: number) => `RR${stamp.slice(-5)}${seat}`;
const shot = (name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

async function api(token: string, body: unknown): Promise<Response> {
  return fetch(`${base}/api/cards`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const owner = await db.selectFrom('users as u').innerJoin('clients as c', 'c.id', 'u.client_id').select(['u.id', 'u.client_id']).where('c.code', '=', 'demo').where('u.account', '=', 'teacher').executeTakeFirstOrThrow();
  // The card: q1–q8 choices, q9 multi, q10 是非 (enough marks for the reader to see a ticking habit), converted as the product converts, into the e2e app's storage.
  const components = ZPageComponents.parse({
    version: 1,
    blocks: [
      { id: 'h', kind: 'header', schoolName: '示範國中', title, subtitle: { left: [[{ text: '一、選擇題' }]], right: [[{ text: '請以2B鉛筆作答' }]] } },
      {
        id: 'b1',
        kind: 'firstBase',
        children: [
          {
            id: 'g1',
            kind: 'questionGroup',
            label: '第一大題',
            children: [...Array.from({ length: 8 }, (_, i) => single(`q${i + 1}`, { type: 'en', count: 4 })), { id: 'q9', kind: 'multiChoice', options: { type: 'en', count: 4 } }, single('q10', { type: 'truefalse' })],
          },
        ],
      },
    ],
  });
  const storage = new LocalStorage(join(process.env.STORAGE_DIR!, 'e2e'));
  const card = await convertCard({ db, storage }, { schoolId: owner.client_id, userId: owner.id }, title, components);
  guid = card.guid;
  key = Object.fromEntries(card.map.groups.map((g) => [g.q, RIGHT[g.q].map((i) => card.map.bubbles.filter((b) => b.q === g.q)[i].value).join('')]));
  // A class of six, printed by the product's class composer (what the print worker stores).
  await db.insertInto('students').values(NAMES.map((name, i) => ({ client_id: owner.client_id, grade: GRADE, class: CLASS, seat: i + 1, number: numberOf(i + 1), name }))).execute();
  const roster = await db.selectFrom('students').select(['id', 'name', 'number', 'seat']).where('client_id', '=', owner.client_id).where('grade', '=', GRADE).where('class', '=', CLASS).orderBy('seat').execute();
  const students = roster.map((r) => ({ ...r, grade: GRADE, class: CLASS, className: `${GRADE}年${CLASS}班` }));
  const printed = await composeClassPdf({ card: card.base, ...printCardOf(card.map, card.id), students });
  // Everyone right; 吳是非 (seat 5) marks both 是 and 否.
  scan = await fillClassPrint(printed, card.map, (s, q, values) => (s === 4 && q === QUESTIONS ? values.join('') : RIGHT[q].map((i) => values[i]).join('')), 200, (s) => HABITS[s]);
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'demo', account: 'teacher', password: 'teacher123' }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const saved = await api(token, { method: 'save', action: 'answerKey', guid, key: Object.fromEntries(Object.entries(key).map(([q, answer]) => [q, { answer, points: 1 }])) });
  expect(saved.status).toBe(200);
  await launch();
}, 120_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

const upload = async () => {
  await page.getByTestId('scan-file').setInputFiles({ name: `${GRADE}年${CLASS}班.pdf`, mimeType: 'application/pdf', buffer: scan });
  await page.getByTestId('scan-upload').click();
};
const states = () => page.getByTestId('scan-batch-state').allTextContents();

describe('review of a real scan as a teacher', () => {
  it('uploads a printed, pencilled class; resolves the ticking sheet in one decision, assigns the covered page, answers a 是非 with O; sees 缺考 and the banner go; deletes and restores the batch; is asked before the same file again', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    await page.setViewportSize({ width: 1366, height: 900 });
    await visit(`/cards/scan/${guid}`);
    await upload();
    await expect.poll(states, reading).toEqual(['已完成']);
    await expect.poll(() => page.getByTestId('scan-batch-summary').first().textContent(), soon).toContain('已讀入');
    await shot('review-real-batch-1366');

    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId('pending-banner').textContent(), soon).toContain('尚有 3 項待確認');
    await expect.poll(() => page.getByTestId(`results-score-${numberOf(4)}`).textContent(), soon).toBe('缺考');
    expect(await page.getByTestId(`results-score-${numberOf(6)}`).textContent()).toBe('缺考');
    expect(await page.getByTestId(`results-score-${numberOf(1)}`).textContent()).toBe(String(QUESTIONS));
    await shot('review-real-results-pending-1366');

    // The ticking sheet: one item, its proposals drawn on the scan; Enter accepts them all.
    await page.getByTestId('scan-tab-review').click();
    await page.getByTestId('scan-review-filter-sheet').click();
    await expect.poll(() => page.getByTestId('scan-review-sheet').isVisible(), soon).toBe(true);
    await expect.poll(() => page.getByTestId('scan-sheet-tag-9').textContent(), soon).toBe(key[9]);
    await shot('review-real-sheet-1366');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('scan-review-filter-sheet').textContent(), soon).toBe('整張卷面 (0)');

    // The covered page: the field is focused; the student number and Enter assign it.
    await page.getByTestId('scan-review-filter-unidentified').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), soon).toBe('scan-review-number');
    await expect.poll(() => page.getByTestId('scan-review-image').isVisible(), soon).toBe(true);
    await shot('review-real-unidentified-1366');
    await page.keyboard.type(numberOf(3));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('scan-review-filter-unidentified').textContent(), soon).toBe('無法辨識學生 (0)');

    // 是 and 否 both marked: a 是非 item; O is 是.
    await page.getByTestId('scan-review-filter-all').click();
    await expect.poll(() => page.getByTestId('scan-review-kind').textContent(), soon).toBe('是非');
    await shot('review-real-truefalse-1366');
    await page.keyboard.press('o');
    await expect.poll(() => page.getByTestId('scan-review-empty').isVisible(), soon).toBe(true);

    // Results: no banner; the ticked, the assigned and the 是非 sheets all score full marks; 缺考 stays 缺考.
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId(`results-score-${numberOf(3)}`).textContent(), soon).toBe(String(QUESTIONS));
    expect(await page.getByTestId('pending-banner').count()).toBe(0);
    expect(await page.getByTestId(`results-score-${numberOf(2)}`).textContent()).toBe(String(QUESTIONS));
    expect(await page.getByTestId(`results-score-${numberOf(5)}`).textContent()).toBe(String(QUESTIONS));
    expect(await page.getByTestId(`results-score-${numberOf(4)}`).textContent()).toBe('缺考');
    await shot('review-real-results-done-1366');

    // Delete the batch (asked first), then take it back with 復原: its decisions are kept.
    await page.getByTestId('scan-tab-upload').click();
    const del = page.locator('[data-testid^="scan-batch-delete-"]').first();
    await expect.poll(() => del.isVisible(), soon).toBe(true);
    await del.click();
    await page.getByTestId('scan-batch-delete-ok').click();
    await expect.poll(() => page.locator('[data-testid^="scan-batch-delete-"]').count(), soon).toBe(0);
    await page.locator('[data-sonner-toast]', { hasText: '已刪除批次' }).getByRole('button', { name: '復原' }).click();
    await expect.poll(() => page.locator('[data-testid^="scan-batch-delete-"]').count(), soon).toBe(1);

    // The same file again: the server knows it (409), the screen asks, and only then sends it with again=1.
    await visit(`/cards/scan/${guid}`);
    // The multipart door's answers from here: 409 for the file as it was, 200 once sent with again=1.
    const sent: number[] = [];
    page.on('response', (r) => r.request().method() === 'POST' && r.url().endsWith('/api/cards') && sent.push(r.status()));
    await upload();
    await expect.poll(() => page.getByTestId('scan-same-dialog').isVisible(), soon).toBe(true);
    const asked = (await page.getByTestId('scan-same-dialog').textContent()) ?? '';
    expect(asked).toMatch(/此檔案已於 .+ 上傳過（.+）/);
    await shot('review-real-same-file-1366');
    expect(await states()).toEqual(['已完成']);
    await page.getByTestId('scan-same-ok').click();
    await expect.poll(states, reading).toEqual(['已完成', '已完成']);
    expect(sent).toEqual([409, 200]);
    await shot('review-real-again-1366');
    // The second copy: its pages replace the first's (「3 頁已在其他批次掃描過」); the covered page is unidentified again.
    await expect.poll(() => page.getByTestId('scan-batch-summary').first().textContent(), soon).toContain('3 頁已在其他批次掃描過');
    await expect.poll(() => page.getByTestId('scan-tab-review').textContent(), soon).toBe('待確認 (1)');
    await page.getByTestId('scan-tab-review').click();
    await expect.poll(() => page.getByTestId('scan-review-filter-unidentified').textContent(), soon).toBe('無法辨識學生 (1)');

    // Not wanted after all: deleting the second batch (the newest, listed first) leaves the first's decisions standing.
    await page.getByTestId('scan-tab-upload').click();
    await page.locator('[data-testid^="scan-batch-delete-"]').first().click();
    await page.getByTestId('scan-batch-delete-ok').click();
    await expect.poll(states, soon).toEqual(['已完成']);
    await page.getByTestId('scan-tab-results').click();
    for (const seat of [1, 2, 3, 5]) await expect.poll(() => page.getByTestId(`results-score-${numberOf(seat)}`).textContent(), soon).toBe(String(QUESTIONS));
    expect(await page.getByTestId('pending-banner').count()).toBe(0);
    expect(await page.getByTestId(`results-score-${numberOf(6)}`).textContent()).toBe('缺考');
    await shot('review-real-results-final-1366');

    // A phone: the results and the ticked student's sheet.
    await page.setViewportSize({ width: 375, height: 812 });
    await shot('review-real-results-375');
    await page.getByTestId('scan-tab-answers').click();
    await page.getByTestId(`scan-sheets-${numberOf(2)}`).click();
    await expect.poll(() => page.getByTestId('scan-sheet-image').first().isVisible(), soon).toBe(true);
    // Its sheet decided: nothing open (the count was once left as 「{count}」).
    expect(await page.getByTestId('scan-sheet-help').textContent()).toMatch(/^尚有 0 題待確認。/);
    await page.screenshot({ path: `${shots}/review-real-sheet-375.png` });
  }, 300_000);
});
