import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { ZCardGeometry, type CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { closeBrowser, launch, page, row, visit } from '../support/card-browser';
import { confirmDialog, openEditorAsTeacher, questions, save } from '../support/editor-browser';
import { fillClassPrint } from '../support/fill-print';
import { gradeByKeyboard, openQuestion, writeRubric } from '../support/grading-browser';
import { stroke } from '../support/scan-corpus/pencil';
import type { RasterCanvas } from '../support/scan-corpus/raster-canvas';
import { drawTeacherMark } from '../support/scan-corpus/teacher-marks';
import { insertDemoCard } from '../support/seed-card';

// Issue 25's whole path for the written half, as a teacher walks it with nothing seeded but the
// roster and an empty card: quick build lays out 5 choice questions and a written question with a
// 閱卷給分格 (0…10), then a second written question without one; the card is converted from the
// list, the class printed from the print screen and downloaded; each printed sheet is pencilled
// (choices), its score field marked as a grading teacher does (teacher-marks) and both written
// areas written in; the stack is uploaded on the scan screen and read by the real worker. The
// teacher keys the choices and the written maxima, grades the other written question on 線上閱卷
// with a rubric by keyboard for every student, checks the totals (choice + score field + rubric)
// and downloads the class's slips (成績單), checked with pdftotext.
const shots = 'test-results/screens/grading-whole-path';
const stamp = Date.now().toString(36).slice(-5);
const title = `閱卷全程 ${stamp}`;
const GRADE = 9;
const CLASS = 60 + (Date.now() % 30);
const NAMES = ['王小明', '陳怡君', '林志豪', '黃雅婷', '張家豪'];
const soon = { timeout: 30_000, interval: 200 };
const slow = { timeout: 150_000, interval: 500 };
/** The right option of q1–q5 (index among A–D). */
const RIGHT = [1, 3, 0, 2, 1];
const RUBRIC = [{ points: '4', description: '列式正確' }, { points: '4', description: '答案與單位正確' }];
let db: Db;
let guid = '';

const numberOf = (s: number) => `G${stamp}${s + 1}`;
const shot = (name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
const fill = (name: string, value: string) => page.getByTestId(`field-qb-${name}`).fill(value);
/** Student s misses the first (s % 3) choice questions (marks the next option). */
const missed = (s: number) => s % 3;
const choiceMarks = (s: number, q: number, values: string[]) => (values.length === 0 ? '' : values[(RIGHT[q - 1] + (q <= missed(s) ? 1 : 0)) % values.length]);
/** The points the grading teacher marks in student s's score field (0…10). */
const fieldPoints = (s: number) => (3 * s + 2) % 11;
/** Rubric on the other question: item 1 (4 points) for everyone, item 2 (4) for even seats. */
const rubricPoints = (s: number) => (s % 2 === 0 ? 8 : 4);

const DPI = 200;
type Ink = { width: number; height: number; data: Buffer };

/** Student s's answer to the other question, as pencil-grey writing the size of `area` (pt) at the scan's resolution. */
async function handwriting(s: number, area: { w: number; h: number }): Promise<Ink> {
  const k = DPI / 72;
  const [width, height] = [Math.round(area.w * k), Math.round(area.h * k)];
  const lines = [`解：設每小時走 x 公里（${NAMES[s]}）`, `${s + 3}x + 5 = ${2 * (s + 3) + 5}`, 'x = 2　答：每小時 2 公里'];
  const text = lines.map((line, n) => `<text x="${Math.round(40 * k)}" y="${Math.round((30 + n * 30) * k)}" font-size="${Math.round(16 * k)}" fill="#555" font-family="Noto Sans CJK TC, sans-serif" transform="rotate(${(s % 3) - 1} 0 0)">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** Ink on paper: darkens what it covers (the area's top-left at `at`, pt). */
function paint(canvas: RasterCanvas, ink: Ink, at: { x: number; y: number }): void {
  const { image } = canvas;
  const [x0, y0] = [Math.round(at.x * canvas.scale), Math.round(at.y * canvas.scale)];
  for (let y = 0; y < ink.height && y0 + y < image.height; y++)
    for (let x = 0; x < ink.width && x0 + x < image.width; x++) {
      const i = (y0 + y) * image.width + x0 + x;
      image.data[i] = Math.min(image.data[i], ink.data[y * ink.width + x]);
    }
}

/** A quick scribble (the score-field question's working): a few zigzag pencil lines across the area (pt). */
function scribble(canvas: RasterCanvas, area: { x: number; y: number; w: number; h: number }, rng: () => number): void {
  for (let line = 0; line < 3; line++) {
    const y = area.y + area.h * (0.3 + 0.2 * line);
    const points = Array.from({ length: 14 }, (_, i) => ({ x: area.x + 10 + ((area.w - 20) * i) / 13, y: y + (i % 2 ? -4 : 4) * (0.6 + 0.4 * rng()) }));
    stroke(canvas, points, 0.9, 70, 12, rng);
  }
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const owner = await db.selectFrom('users as u').innerJoin('clients as c', 'c.id', 'u.client_id').select(['u.client_id']).where('c.code', '=', 'demo').where('u.account', '=', 'teacher').executeTakeFirstOrThrow();
  await db.insertInto('students').values(NAMES.map((name, i) => ({ client_id: owner.client_id, grade: GRADE, class: CLASS, seat: i + 1, number: numberOf(i), name }))).execute();
  guid = (await insertDemoCard(db, title, { privacy: 'user' })).guid;
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('the written half, from quick build to slips', () => {
  it('quick-builds 2 written questions (one with a score field), prints, fills, scans, grades the other by keyboard, sees totals and downloads the slips', async () => {
    const started = Date.now();
    const stages: string[] = [];
    const stage = (name: string) => stages.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)}s`);
    const errors: string[] = [];

    // 1. Quick build: 5 choice + a written question with a 0…10 score field; then one without.
    await openEditorAsTeacher(guid);
    page.on('pageerror', (e) => errors.push(e.message));
    await page.getByTestId('quick-build-empty-open').click();
    await fill('singleCount', '5');
    await fill('singleOptions', '4');
    await fill('freeCount', '1');
    await fill('freeHeight', '150');
    await fill('freeScoreMax', '10');
    await shot('01-quick-build-score-field');
    await confirmDialog();
    await expect.poll(() => questions().count(), soon).toBe(6);
    await page.getByTestId('editor-quick-build').click();
    await fill('freeCount', '1');
    await fill('freeHeight', '150');
    await confirmDialog();
    await expect.poll(() => questions().count(), soon).toBe(7);
    await save();
    await shot('02-editor-built');
    stage('built');

    // 2. Convert from the list, print the class, download the class file.
    await visit('/cards/lists');
    await expect.poll(() => row(title).isVisible(), soon).toBe(true);
    await page.getByTestId(`card-pdf-${guid}`).click();
    await expect.poll(() => row(title).getByTestId('card-status').textContent(), slow).toBe('已轉存');
    stage('converted');
    await page.getByTestId(`card-print-${guid}`).click();
    await page.waitForURL(/\/cards\/print\//);
    await page.getByTestId(`print-grade-${GRADE}`).click();
    await page.getByTestId(`print-class-${CLASS}`).click();
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-progress-done').isVisible(), slow).toBe(true);
    await shot('03-print-done');
    const [printed] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-file').first().click()]);
    const classPdf = await readFile(await printed.path());
    stage('printed');

    // 3. The map says where things are: the choices, the free question with the score field and the other one.
    const doc = await db.selectFrom('documents').select('geometry_key').where('guid', '=', guid).executeTakeFirstOrThrow();
    const map = ZCardGeometry.parse(JSON.parse((await readFile(join(process.env.STORAGE_DIR!, 'e2e', doc.geometry_key!))).toString())) as CardGeometryV2;
    if (map.version !== 2) throw new Error('the conversion made a v1 map');
    const free = map.groups.filter((g) => g.kind === 'free');
    expect(free.length).toBe(2);
    expect(map.scoreFields?.length).toBe(1);
    const field = map.scoreFields![0];
    expect(field.max).toBe(10);
    const boxed = free.find((g) => g.q === field.q)!;
    const other = free.find((g) => g.q !== field.q)!;
    expect(map.groups.filter((g) => g.kind !== 'free').map((g) => g.q)).toEqual([1, 2, 3, 4, 5]);

    // 4. Fill: pencil on the choices; the grading teacher's mark in the score field; ink in both written areas.
    const written = await Promise.all(NAMES.map((_, s) => handwriting(s, { w: other.rect.w - 40, h: other.rect.h - 10 })));
    const scan = await fillClassPrint(new Uint8Array(classPdf), map, choiceMarks, DPI, () => ({}), (s, cardPage, canvas, rng) => {
      if (cardPage === boxed.page) {
        const bubble = field.bubbles.find((b) => b.column === 'points' && b.points === fieldPoints(s))!;
        drawTeacherMark(canvas, { rect: bubble.rect, kind: 'fill' }, rng);
        // The answer written left of the score field.
        const left = { ...boxed.rect, w: Math.max(0, field.rect.x - boxed.rect.x - 10) };
        if (left.w > 60) scribble(canvas, { ...left, y: boxed.rect.y + 20, h: boxed.rect.h - 20 }, rng);
      }
      if (cardPage === other.page) paint(canvas, written[s], { x: other.rect.x + 35, y: other.rect.y + 5 });
    });

    // 5. Upload the stack on the scan screen; the real worker reads it.
    await visit(`/cards/scan/${guid}?grade=${GRADE}&class=${CLASS}`);
    await page.getByTestId('scan-file').setInputFiles({ name: `${GRADE}年${CLASS}班.pdf`, mimeType: 'application/pdf', buffer: scan });
    await page.getByTestId('scan-upload').click();
    await expect.poll(() => page.getByTestId('scan-batch-state').first().textContent(), slow).toBe('已完成');
    await shot('04-scan-read');
    stage('read');

    // 6. The key: choices 4 points each, the score-field question 10, the other 8.
    await page.getByTestId('scan-tab-key').click();
    await expect.poll(() => page.getByTestId(`key-written-row-${other.q}`).isVisible(), soon).toBe(true);
    const keyString = RIGHT.map((i, n) => map.bubbles.filter((b) => b.q === n + 1)[i].value).join('');
    await page.getByTestId('key-string').fill(keyString);
    await page.getByTestId('key-string-fill').click();
    await page.getByTestId('key-points-all').fill('4');
    await page.getByTestId('key-points-apply').click();
    await page.getByTestId(`key-written-points-${boxed.q}`).fill('10');
    await page.getByTestId(`key-written-points-${other.q}`).fill('8');
    await expect.poll(() => page.getByTestId('key-total').textContent(), soon).toBe('滿分 38 分');
    await shot('05-key');
    await page.getByTestId('key-save').click();
    await expect.poll(() => page.getByTestId('key-unsaved').count(), soon).toBe(0);

    // 7. 線上閱卷 on the other question: a two-item rubric, then every student by keyboard.
    await openQuestion(`第 ${other.showno} 題（8 分）`, NAMES.length);
    await writeRubric(RUBRIC);
    await page.waitForTimeout(500);
    await shot('06-grading-crop');
    await gradeByKeyboard(NAMES.length, (s) => (rubricPoints(s) === 8 ? ['1', '2'] : ['1']));
    await shot('07-grading-done');
    stage('graded');

    // 8. 成績: choice + score field + rubric, for every student.
    await page.getByTestId('scan-tab-results').click();
    for (let s = 0; s < NAMES.length; s++) {
      const choice = 4 * (5 - missed(s));
      await expect.poll(() => page.getByTestId(`results-wcell-${numberOf(s)}-${boxed.q}`).textContent(), soon).toBe(String(fieldPoints(s)));
      expect(await page.getByTestId(`results-wcell-${numberOf(s)}-${other.q}`).textContent()).toBe(String(rubricPoints(s)));
      expect(await page.getByTestId(`results-written-${numberOf(s)}`).textContent()).toBe(String(fieldPoints(s) + rubricPoints(s)));
      expect(await page.getByTestId(`results-score-${numberOf(s)}`).textContent()).toBe(String(choice + fieldPoints(s) + rubricPoints(s)));
    }
    expect(await page.getByTestId('results-ungraded').count()).toBe(0);
    expect(await page.getByTestId('pending-banner').count()).toBe(0);
    await shot('08-results-totals');

    // 9. The class's slips: the worker makes them, the PDF arrives by itself.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByTestId('results-download-slips').click()]);
    expect(download.suggestedFilename()).toBe(`${title}_${GRADE}年${CLASS}班_成績單.pdf`);
    const pdf = `${shots}/slips.pdf`;
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    // Each student's slip: the name and the same total as 成績.
    for (const [s, name] of NAMES.entries()) {
      expect(text).toContain(name);
      expect(text).toMatch(new RegExp(`${name}\\s+${numberOf(s)}\\s+${GRADE}年${CLASS}班\\s+總分 ${4 * (5 - missed(s)) + fieldPoints(s) + rubricPoints(s)} / 38`));
    }
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '2', pdf, `${shots}/09-slips`]);
    stage('slips');
    console.log(`[grading-whole-path] ${stages.join(' → ')}`);
    expect(errors).toEqual([]);
  }, 300_000);
});
