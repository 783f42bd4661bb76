import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { insertBatch, insertPages } from '../../src/data/repos/scan.repo';
import type { FileStorage } from '../../src/data/storage/file-storage';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { PAGE_CODE_RECT, SCAN_MARKS } from '../../src/shared/geometry/scan-layout';
import { storeWrittenCrops } from '../../src/worker/jobs/written-crops';
import { closeBrowser, launch, page, signIn, visit } from '../support/card-browser';
import { gradeByKeyboard, openQuestion, writeRubric } from '../support/grading-browser';
import { insertDemoCard } from '../support/seed-card';

// A teacher grades the written half of a class that was already read (issue 25 phase 2): the
// card's map (q1–5 choice, q6 free with a 0…10 score field the reader read, q7 free), 40
// students' read pages and their page-2 scans (handwriting in q7's area; the scan job's 150 dpi
// crops stored by its own code) are seeded. The teacher sets the written maxima in the key,
// writes a rubric, grades q7 for all 40 by keyboard, decides the one score field the reader was not
// sure of in 待確認 (分數欄), types one grade, sees the totals and downloads the class's slips. Screenshots in test-results/screens/grading-ui.
const shots = 'test-results/screens/grading-ui';
const stamp = Date.now().toString(36).slice(-5);
const title = `閱卷 ${stamp}`;
const GRADE = 7;
const CLASS = 5;
const STUDENTS = 40;
const soon = { timeout: 20_000, interval: 100 };
let db: Db;
let guid = '';

const numberOf = (i: number) => `W${stamp}${String(i).padStart(2, '0')}`;
const storageFile = (key: string) => join(process.env.STORAGE_DIR!, 'e2e', key);

function cardMap(): CardGeometryV2 {
  const choice = [1, 2, 3, 4, 5].map((q) => ({ page: 1, q, showno: String(q), kind: 'single' as const, rect: { x: 60, y: 120 + q * 30, w: 300, h: 20 } }));
  const bubbles = choice.flatMap((g) => ['A', 'B', 'C', 'D'].map((value, v) => ({ page: 1, q: g.q, value, showno: g.showno, rect: { x: 90 + v * 30, y: g.rect.y + 4, w: 16, h: 12 } })));
  const free = [
    { page: 2, q: 6, showno: '6', kind: 'free' as const, rect: { x: 60, y: 120, w: 470, h: 160 } },
    { page: 2, q: 7, showno: '7', kind: 'free' as const, rect: { x: 60, y: 320, w: 470, h: 200 } },
  ];
  const points = Array.from({ length: 11 }, (_, i) => ({ column: 'points' as const, points: i, rect: { x: 300 + i * 18, y: 130, w: 12, h: 9 } }));
  const field = { page: 2, q: 6, showno: '6', max: 10, rect: { x: 296, y: 126, w: 230, h: 17 }, bubbles: points };
  return { version: 2, page: { w: 595.28, h: 841.89 }, pages: 2, bubbles, groups: [...choice, ...free], header: null, layout: 'E2EW', marks: [...SCAN_MARKS], pageCode: { rect: PAGE_CODE_RECT, module: 0.6 }, scoreFields: [field] };
}

/** Page 2 of student i at 150 dpi: a pencil-grey answer written in q7's area. */
async function scanOf(i: number): Promise<{ width: number; height: number; data: Uint8Array }> {
  const width = 1240;
  const height = 1754;
  const k = 150 / 72;
  const lines = [`解：設速度為 x 公里/小時（第 ${i + 1} 份）`, `${2 * i + 3}x + 5 = ${4 * i + 11}`, `x = ${2}　答：每小時 2 公里`];
  const text = lines.map((line, n) => `<text x="${Math.round(80 * k)}" y="${Math.round((350 + n * 40) * k)}" font-size="${Math.round(20 * k)}" fill="#555" font-family="Noto Sans CJK TC, sans-serif">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><rect x="${60 * k}" y="${320 * k}" width="${470 * k}" height="${200 * k}" fill="none" stroke="#000" stroke-width="2"/><rect x="${60 * k}" y="${120 * k}" width="${470 * k}" height="${160 * k}" fill="none" stroke="#000" stroke-width="2"/>${text}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

async function seedReadClass(): Promise<void> {
  const card = await insertDemoCard(db, title);
  guid = card.guid;
  const owner = await db.selectFrom('documents').select(['client_id', 'user_id']).where('id', '=', card.id).executeTakeFirstOrThrow();
  const map = cardMap();
  const key = `pdf/grading-e2e-${guid}/geometry.json`;
  await mkdir(dirname(storageFile(key)), { recursive: true });
  await writeFile(storageFile(key), JSON.stringify(map));
  await db.updateTable('documents').set({ status: 'converted', geometry_key: key }).where('id', '=', card.id).execute();
  const names = Array.from({ length: STUDENTS }, (_, i) => `${'陳林黃張李王吳劉蔡楊'[i % 10]}${'怡志雅家佳冠淑建宜承'[(i * 3) % 10]}${'君明婷豪穎宇芬宏庭恩'[(i * 7) % 10]}`);
  await db.insertInto('students').values(names.map((name, i) => ({ client_id: owner.client_id, grade: GRADE, class: CLASS, seat: i + 1, number: numberOf(i), name }))).execute();
  const students = await db.selectFrom('students').select(['id', 'number']).where('client_id', '=', owner.client_id).where('grade', '=', GRADE).where('class', '=', CLASS).execute();
  const idOf = new Map(students.map((s) => [s.number, s.id]));
  const batch = await insertBatch(db, { client_id: owner.client_id, document_id: card.id, user_id: owner.user_id, filename: `${GRADE}年${CLASS}班.pdf`, file_key: `scans/${guid}.pdf`, state: 'done', pages_total: 2 * STUDENTS, pages_done: 2 * STUDENTS });
  const storage = { put: async (k: string, body: Buffer) => { await mkdir(dirname(storageFile(k)), { recursive: true }); await writeFile(storageFile(k), body); } } as unknown as FileStorage;
  const rows = [];
  for (let i = 0; i < STUDENTS; i++) {
    const common = { batch_id: batch, client_id: owner.client_id, document_id: card.id, copy_no: null, reading: '{}', student_id: idOf.get(numberOf(i))!, status: 'read' as const };
    const answers = Object.fromEntries([1, 2, 3, 4, 5].map((q) => [q, 'ABCDA'[(q - 1 + (i % 3 === 0 ? 1 : 0)) % 5]]));
    rows.push({ ...common, page_index: 2 * i + 1, card_page: 1, answers: JSON.stringify(answers), flags: '{}', image_key: null });
    // The score field of q6 as the reader wrote it: points read sure, one faint mark left for a person.
    const imageKey = `scans/${owner.client_id}/${batch}/page-${2 * i + 2}.jpg`;
    const scan = await scanOf(i);
    await storage.put(imageKey, await sharp(Buffer.from(scan.data), { raw: { width: scan.width, height: scan.height, channels: 1 } }).resize({ width: 827 }).jpeg({ quality: 75 }).toBuffer(), 'image/jpeg');
    await storeWrittenCrops(storage, imageKey, scan, { code: { document: card.id } as never, upsideDown: false }, 2, async () => map);
    const s6 = i === 3 ? { s6: '' } : { s6: String(i % 11) };
    rows.push({ ...common, page_index: 2 * i + 2, card_page: 2, answers: JSON.stringify(s6), flags: JSON.stringify(i === 3 ? { s6: 'score-ambiguous' } : {}), image_key: imageKey });
  }
  await insertPages(db, rows);
}

const shot = (name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await seedReadClass();
  await launch();
}, 120_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('grading the written half', () => {
  it('sets the written maxima, grades a question by keyboard with a rubric, types a score, sees totals and downloads the slips', async () => {
    await signIn('demo', 'teacher', 'teacher123');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await visit(`/cards/scan/${guid}?grade=${GRADE}&class=${CLASS}`);

    // The key: choice answers, then the written maxima (q6's score fields offer 10).
    await page.getByTestId('scan-tab-key').click();
    await expect.poll(() => page.getByTestId('key-written-row-7').isVisible(), soon).toBe(true).catch(async (e: unknown) => {
      await shot('failed');
      throw new Error(`${String(e)}; page errors: ${errors.join(' | ')}`);
    });
    await page.getByTestId('key-string').fill('ABCDA');
    await page.getByTestId('key-string-fill').click();
    await page.getByTestId('key-points-all').fill('4');
    await page.getByTestId('key-points-apply').click();
    await page.getByTestId('key-written-points-6').fill('10');
    await page.getByTestId('key-written-points-7').fill('8');
    await expect.poll(() => page.getByTestId('key-total').textContent(), soon).toBe('滿分 38 分');
    await shot('key-written');
    await page.getByTestId('key-save').click();
    await expect.poll(() => page.getByTestId('key-unsaved').count(), soon).toBe(0);

    // 線上閱卷: question 7, a rubric of two items.
    await openQuestion('第 7 題（8 分）', STUDENTS);
    await writeRubric([{ points: '4', description: '列式正確' }, { points: '4', description: '答案與單位正確' }]);
    await shot('grading-rubric');

    // The next crop is on screen right after the key: preloaded.
    const src = () => page.getByTestId('grading-crop').getAttribute('src');
    await page.waitForTimeout(1000);
    const first = await src();
    const timings: number[] = [];
    for (let n = 0; n < 3; n++) {
      const before = await src();
      const start = Date.now();
      await page.keyboard.press('ArrowRight');
      await expect.poll(src, { timeout: 5000, interval: 5 }).not.toBe(before);
      timings.push(Date.now() - start);
      await page.waitForTimeout(600);
    }
    console.log(`next crop on screen after the key: ${timings.join(', ')} ms`);
    for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowLeft');
    await expect.poll(src, soon).toBe(first);

    // 40 answers by keyboard: 1 (and 2 for every other one), Enter saves and moves on.
    const started = Date.now();
    await gradeByKeyboard(STUDENTS, (i) => (i % 2 === 0 ? ['1', '2'] : ['1']));
    const seconds = (Date.now() - started) / 1000;
    console.log(`40 answers graded by keyboard in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(120);
    await page.getByTestId('grading-anonymous').click();
    await shot('grading-done-anonymous');

    // 成績: the totals, and one score field the reader was not sure of still ungraded.
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId('results-ungraded').textContent(), soon).toContain('尚有 1 題未評分');
    expect(await page.getByTestId(`results-written-${numberOf(0)}`).textContent()).toBe('8');
    expect(await page.getByTestId(`results-wcell-${numberOf(3)}-6`).textContent()).toBe('未評分');
    await shot('results-ungraded');

    // 待確認: the unsure score field is a 分數欄 item — the field's crop, the maximum; the teacher types 6.5, Enter.
    await page.getByTestId('scan-tab-review').click();
    await page.getByTestId('scan-review-filter-score').click();
    await expect.poll(() => page.getByTestId('scan-review-score').isVisible(), soon).toBe(true);
    expect(await page.getByTestId('scan-review-kind').textContent()).toBe('分數欄');
    expect(await page.getByTestId('scan-review-score-max').textContent()).toBe('滿分 10 分，以 0.5 分為單位');
    await page.getByTestId('scan-review-score-points').fill('10.5');
    await expect.poll(() => page.getByTestId('scan-review-score-error').textContent(), soon).toBe('超過此題滿分');
    await page.getByTestId('scan-review-score-points').fill('6.5');
    await expect.poll(() => page.getByTestId('scan-review-image').isVisible(), soon).toBe(true);
    await shot('review-score-field');
    await page.getByTestId('scan-review-score-points').press('Enter');
    await expect.poll(() => page.getByTestId('scan-review-empty').isVisible(), soon).toBe(true);
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId(`results-wcell-${numberOf(3)}-6`).textContent(), soon).toBe('6.5');
    expect(await page.getByTestId('results-ungraded').count()).toBe(0);

    // 分數輸入: a teacher's typed grade overrides a score field read from the scan (5 → 9.5).
    await page.getByTestId('scan-tab-grading').click();
    await page.getByTestId('grading-mode-grid').click();
    await page.getByTestId(`grid-${numberOf(5)}-6`).fill('9.5');
    await shot('typed-grid');
    await page.getByTestId('typed-grid-save').click();
    await expect.poll(() => page.getByText('已儲存 1 筆分數').first().isVisible(), soon).toBe(true);
    await page.getByTestId('scan-tab-results').click();
    await expect.poll(() => page.getByTestId(`results-wcell-${numberOf(5)}-6`).textContent(), soon).toBe('9.5');
    // Student 1: every choice right (20), the score field read 1, rubric item 1 on q7 (4) → 25.
    expect(await page.getByTestId(`results-score-${numberOf(1)}`).textContent()).toBe('25');
    await shot('results-totals');

    // The class's slips, made by the worker: the button shows the progress, the PDF arrives by itself.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('results-download-slips').click()]);
    expect(download.suggestedFilename()).toBe(`${title}_${GRADE}年${CLASS}班_成績單.pdf`);
    const pdf = `${shots}/slips.pdf`;
    await download.saveAs(pdf);
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '3', pdf, `${shots}/slips`]);
    expect(errors).toEqual([]);
  });
});
