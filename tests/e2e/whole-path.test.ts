import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCardGeometry } from '../../src/shared/geometry/card-geometry';
import { createDb, type Db } from '../../src/data/db/database';
import { upsertPage } from '../../src/data/repos/document-pages.repo';
import { insertDocument } from '../../src/data/repos/documents.repo';
import { base } from '../support/browser';
import { closeBrowser, launch, page, row, signIn, visit } from '../support/card-browser';
import { firstPage } from '../support/card-pages';
import { fillClassPrint } from '../support/fill-print';
import { rosterRows, xlsxOf } from '../support/sheets';

// The whole path as its users walk it, one screen handing over to the next: the system
// administrator onboards a school with its first administrator, who adds a teacher and imports a
// roster; the teacher's card (seeded: quick build has its own test) is converted from the list,
// a class printed, the class file downloaded from the print-finished modal, filled in and scanned,
// uploaded from the list's 讀卡, reviewed, keyed, scored, analysed and exported.
const shots = 'test-results/screens/walk';
const stamp = Date.now().toString(36);
const code = `walk${stamp}`;
const title = `全程 ${stamp}`;
const STUDENTS = 4;
const QUESTIONS = 5;
const soon = { timeout: 20_000, interval: 200 };
let db: Db;
let guid = '';

/** Student s marks option (s + q) of question q; student 0 marks two options on question 1. */
const answerOf = (s: number, q: number, values: string[]) => (s === 0 && q === 1 ? values[1] + values[2] : values[(s + q) % values.length]);
const shot = (name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
async function phoneShot(name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  await shot(`${name}-375`);
  await page.setViewportSize({ width: 1280, height: 860 });
}
const started = Date.now();
const stages: string[] = [];
/** Seconds since the start at each stage, printed at the end: where the run's time goes. */
const stage = (name: string) => stages.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}s`);
const download = async (testId: string) => {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).first().click()]);
  return file;
};

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  await launch();
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('the whole path', () => {
  it('onboards a school, prints a class, reads it back and scores it', async () => {
    // 1. The system administrator onboards the school with its first administrator.
    await signIn('system', 'admin', 'admin123');
    await visit('/client/edit');
    await page.getByTestId('client-name').fill('全程示範國中');
    await page.getByTestId('client-code').fill(code);
    await page.getByTestId('client-admin_name').fill('陳校長');
    await page.getByTestId('client-admin_account').fill('principal');
    await page.getByTestId('client-admin_password').fill('pr1ncipal');
    await page.getByTestId('client-save').click();
    await page.waitForURL(`${base}/client/lists`);
    await expect.poll(() => page.getByTestId(`client-row-${code}`).isVisible(), soon).toBe(true);
    await shot('01-system-schools');

    stage('onboarded');
    // 2. Its administrator adds a teacher and imports the roster.
    await signIn(code, 'principal', 'pr1ncipal');
    await shot('02-admin-home');
    await visit('/client/user/lists');
    await page.getByTestId('teacher-add').click();
    await page.getByTestId('teacher-name').fill('林老師');
    await page.getByTestId('teacher-account').fill('lin');
    await page.getByTestId('teacher-password').fill('lin12345');
    await page.getByTestId('teacher-save').click();
    await expect.poll(() => page.getByTestId('teacher-role-lin').textContent(), soon).toBe('教師');
    await shot('03-admin-teachers');
    await visit('/client/student/import');
    await page.getByTestId('import-file').setInputFiles({ name: 'roster.xlsx', mimeType: 'application/octet-stream', buffer: await xlsxOf(rosterRows(1, 1, STUDENTS)) });
    expect(await page.getByTestId('import-file-name').textContent()).toBe('roster.xlsx');
    await shot('04-admin-import');
    await page.getByTestId('import-submit').click();
    await page.getByTestId('import-confirm-open').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(/\/client\/student\/grade/);
    await expect.poll(() => page.getByText(`已匯入 ${STUDENTS} 位學生`, { exact: true }).isVisible(), soon).toBe(true); // a first roster deletes nothing
    await shot('04-admin-roster-imported');

    stage('roster');
    // 3. The teacher's card, straight into the database (quick build is editor-quick-build.test.ts).
    const teacher = await db.selectFrom('users as u').innerJoin('clients as c', 'c.id', 'u.client_id').select(['u.id', 'u.client_id']).where('c.code', '=', code).where('u.account', '=', 'lin').executeTakeFirstOrThrow();
    guid = randomUUID();
    const id = await insertDocument(db, { guid, kind: 'card', client_id: teacher.client_id, user_id: teacher.id, title, mode: 'omr', size: 'A4', privacy: 'user', source_id: null, pdf_key: null });
    await upsertPage(db, id, 1, { html: '<p>x</p>', css: '', styles: '', components: JSON.stringify(firstPage(QUESTIONS)), assets: '[]', params: '{"selectlist":{},"grouplist":{}}' });

    // 4. The teacher converts it from the list, prints class 1 and downloads it from the modal.
    await signIn(code, 'lin', 'lin12345');
    await expect.poll(() => page.getByTestId('welcome-card').isVisible(), soon).toBe(true);
    // The home page leads on: its shortcuts are the menu's pages.
    await expect.poll(() => page.getByTestId('home-shortcuts').getByRole('link', { name: '卷卡列表' }).isVisible(), soon).toBe(true);
    await shot('05-teacher-home');
    await page.getByTestId('home-shortcuts').getByRole('link', { name: '卷卡列表' }).click();
    await page.waitForURL(/\/cards\/lists$/);
    await expect.poll(() => row(title).isVisible(), soon).toBe(true);
    await page.getByTestId(`card-pdf-${guid}`).click();
    await expect.poll(() => row(title).getByTestId('card-status').textContent(), { timeout: 90_000, interval: 1_000 }).toBe('已轉存');
    stage('converted');
    await shot('06-teacher-cards');
    await page.getByTestId(`card-print-${guid}`).click();
    await page.waitForURL(/\/cards\/print\//);
    await page.getByTestId('print-grade-1').click();
    await page.getByTestId('print-class-1').click();
    await shot('07-print');
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-progress-done').isVisible(), { timeout: 60_000, interval: 250 }).toBe(true);
    await shot('08-print-done');
    stage('printed');
    const printed = await download('print-file');
    const classPdf = await readFile(await printed.path());
    const doc = await db.selectFrom('documents').select('geometry_key').where('guid', '=', guid).executeTakeFirstOrThrow();
    const map = ZCardGeometry.parse(JSON.parse((await readFile(join(process.env.STORAGE_DIR!, 'e2e', doc.geometry_key!))).toString()));
    if (map.version !== 2) throw new Error('the conversion made a v1 map');
    const scanning = fillClassPrint(new Uint8Array(classPdf), map, answerOf); // while the empty tabs are looked at

    // 5. Back to the list, 讀卡: upload the scan, resolve the double mark.
    await page.getByTestId('print-progress-close').click();
    await visit('/cards/lists');
    await page.getByTestId(`card-scan-${guid}`).click();
    await page.waitForURL(/\/cards\/scan\//);
    await expect.poll(() => page.getByTestId('scan-batches').textContent(), soon).toContain('尚未上傳掃描檔');
    expect(await page.getByTestId('scan-file-name').textContent()).toBe('尚未選擇檔案');
    await shot('09-scan-empty');
    await phoneShot('09-scan-empty');
    for (const tab of ['review', 'answers', 'key', 'results', 'items']) {
      await page.getByTestId(`scan-tab-${tab}`).click();
      await page.waitForTimeout(400);
      await shot(`10-empty-${tab}`);
    }
    // Nothing read yet: the review's empty state leads back to the upload.
    await page.getByTestId('scan-tab-review').click();
    await page.getByTestId('scan-review-to-upload').click();
    await page.getByTestId('scan-file').setInputFiles({ name: '1年1班.pdf', mimeType: 'application/pdf', buffer: await scanning });
    await page.getByTestId('scan-upload').click();
    await expect.poll(() => page.getByTestId('scan-batch-state').first().textContent(), { timeout: 120_000, interval: 250 }).toBe('已完成');
    stage('read');
    await shot('11-scan-done');
    await expect.poll(() => page.getByTestId('scan-tab-review').textContent(), soon).toBe('待確認 (1)');
    await page.getByTestId('scan-tab-review').click();
    await expect.poll(() => page.getByTestId('scan-review-image').isVisible(), soon).toBe(true);
    await shot('12-review');
    await phoneShot('12-review');
    await page.keyboard.press('b');
    await expect.poll(() => page.getByTestId('scan-review-empty').isVisible(), soon).toBe(true);
    // Review done: the empty state leads on to the answers.
    await page.getByTestId('scan-review-to-answers').click();
    await expect.poll(() => page.locator('[data-testid^="scan-answer-S"]').count(), soon).toBe(STUDENTS);
    stage('reviewed');
    await shot('13-answers');

    // 6. The key, the scores, the analysis and the exports.
    await page.getByTestId('scan-tab-results').click();
    await shot('14-results-no-key');
    await page.getByTestId('scores-go-key').click();
    await page.getByTestId('key-string').fill('bcdea');
    await page.getByTestId('key-string-fill').click();
    await page.getByTestId('key-save').click();
    await expect.poll(() => page.getByTestId('key-unsaved').count(), soon).toBe(0);
    await shot('15-key');
    await page.getByTestId('scan-tab-results').click();
    // The key is student 0's sheet (B after review, then C D E A): 5 of 5; everyone else misses all.
    await expect.poll(() => page.getByTestId('results-score-S10101').textContent(), soon).toBe('5');
    expect(await page.getByTestId('results-score-S10102').textContent()).toBe('0');
    await shot('16-results');
    await phoneShot('16-results');
    const xlsx = await download('results-download-xlsx');
    expect(xlsx.suggestedFilename()).toBe(`${title}_成績.xlsx`);
    const csv = await download('results-download-csv');
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    await page.getByTestId('scan-tab-items').click();
    await expect.poll(() => page.getByTestId('items-difficulty-1').isVisible(), soon).toBe(true);
    await shot('17-items');
    await phoneShot('17-items');

    stage('scored');
    // The same screen in English: the file picker too.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('scan-tab-upload').click();
    await expect.poll(() => page.getByTestId('scan-file-name').textContent(), soon).toBe('No file chosen');
    await shot('18-upload-en');
    console.log(`[whole-path] ${stages.join(' → ')}`);
  }, 240_000);
});
