import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { DEMO_TEMPLATE_GUID } from '../../src/data/db/seed-templates';
import { base, shots } from '../support/browser';
import { closeBrowser, launch, page, signIn, visit } from '../support/card-browser';
import { canvas, expectAlert, palette, save, waitLoaded } from '../support/editor-browser';
import { createSchool, createUser } from '../support/fixtures';
import { poppler } from '../support/poppler';

// Issue 30 as a teacher meets it: the template list's 轉存PDF. A collected copy of the converted
// system template is previewable at once; a collected copy whose page the teacher edits is
// converted from the template list (its loading modal, the card list's messages) and previewed;
// the card screens opened without a guid say 卷卡資訊不足 and go back to the card list.
const stamp = Date.now().toString(36);
let db: Db;
let teacher = { code: '', account: '', password: '' };

/** A template-list entry (a card `template-<guid>`) by its title. */
const entry = (title: string) => page.locator('div[data-testid^="template-"]:not([data-testid="template-title"])', { has: page.getByText(title, { exact: true }) }).first();
const guidOfEntry = async (title: string) => (await entry(title).getAttribute('data-testid'))!.replace(/^template-/, '');
const statusOf = (title: string) => entry(title).getByTestId('card-status').textContent();

async function collect(title: string): Promise<string> {
  await page.getByTestId(`template-collect-${DEMO_TEMPLATE_GUID}`).click();
  await page.getByTestId('copy-title').fill(title);
  await page.getByTestId('copy-submit').click();
  await expect.poll(() => page.getByText('已加入個人收藏').first().isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => entry(title).isVisible(), { timeout: 10_000 }).toBe(true);
  return guidOfEntry(title);
}

/** The viewer drew page 1 of a PDF. */
async function previewShown(): Promise<void> {
  await page.waitForURL(/\/cards\/show\//);
  await expect.poll(() => page.getByTestId('viewer-canvas').getAttribute('data-rendered'), { timeout: 20_000 }).toBe('true');
  expect(await page.getByTestId('viewer-page').textContent()).toContain('1 / 1');
  // No 「試卷尚未進行轉存」 from an answer cached before the conversion.
  await page.waitForTimeout(500);
  expect(await page.getByTestId('global-alert').count()).toBe(0);
}

/** The copy's PDF as the legacy door answers it, signed in as the teacher. */
async function pdfOf(guid: string): Promise<Buffer> {
  const post = async (area: string, body: unknown, token?: string) =>
    fetch(`${base}/api/${area}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.30.30', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const { data } = (await (await post('login', teacher)).json()) as { data: { token: string } };
  return Buffer.from(await (await post('cards', { method: 'get', action: 'perview', guid }, data.token)).arrayBuffer());
}

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const school = await createSchool(db, { name: `收藏學校 ${stamp}` }, ['cards.view', 'cards.edit', 'cards.print', 'templates.view']);
  const user = await createUser(db, school.id, { permissions: ['cards.view', 'cards.edit', 'cards.print', 'templates.view'], name: '收藏老師' });
  teacher = { code: school.code, account: user.account, password: user.password };
  // The worker converts the seeded system template at its first start.
  const seeded = () => db.selectFrom('documents').select('status').where('guid', '=', DEMO_TEMPLATE_GUID).executeTakeFirstOrThrow();
  // A plain loop: expect.poll runs only inside a test.
  for (let waited = 0; (await seeded()).status !== 'converted'; waited += 1_000) {
    if (waited > 90_000) throw new Error('the seeded system template was not converted');
    await new Promise((r) => setTimeout(r, 1_000));
  }
  await launch();
}, 120_000);
afterAll(async () => {
  await closeBrowser();
  await db?.destroy();
});

describe('the template list converts what the teacher may change', () => {
  it('a teacher collects the converted system template and previews it at once', async () => {
    await signIn(teacher.code, teacher.account, teacher.password);
    await visit('/cards/templates');
    await expect.poll(() => page.getByTestId(`template-${DEMO_TEMPLATE_GUID}`).isVisible(), { timeout: 15_000 }).toBe(true);
    // The system template is not the teacher's: no 轉存PDF on it.
    expect(await page.getByTestId(`template-pdf-${DEMO_TEMPLATE_GUID}`).count()).toBe(0);
    const title = `我的劃記卡 ${stamp}`;
    const guid = await collect(title);
    expect(await statusOf(title)).toBe('已轉存');
    for (const action of ['make', 'preview', 'modify', 'content', 'pdf', 'collect', 'delete']) {
      expect(await page.getByTestId(`template-${action}-${guid}`).count(), action).toBe(1);
    }
    await entry(title).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/template-list-collected.png`, fullPage: true });
    await page.getByTestId(`template-preview-${guid}`).click();
    await previewShown();
    await page.screenshot({ path: `${shots}/template-collected-preview.png` });

    // 修改 of one's own template comes back to the template list (a teacher has no /client/templates).
    await page.getByTestId('viewer-back').click();
    await page.getByTestId(`template-modify-${guid}`).click();
    await page.waitForURL(/\/client\/templates\/edit\//);
    await expect.poll(() => page.getByTestId('template-title').inputValue()).toBe(title);
    await page.getByTestId('template-description').fill('我的說明');
    await page.getByTestId('template-submit').click();
    await page.waitForURL(/\/cards\/templates$/);
    await expect.poll(() => entry(title).getByText('我的說明').isVisible(), { timeout: 15_000 }).toBe(true);
  }, 90_000);

  it('a teacher collects it again, edits a page, converts it from the template list and previews it', async () => {
    const title = `改過的劃記卡 ${stamp}`;
    await visit('/cards/templates');
    await expect.poll(() => page.getByTestId(`template-${DEMO_TEMPLATE_GUID}`).isVisible(), { timeout: 15_000 }).toBe(true);
    const guid = await collect(title);
    await page.getByTestId(`template-content-${guid}`).click();
    await page.waitForURL(/\/client\/templates\/content\//);
    await page.setViewportSize({ width: 1700, height: 1150 });
    await waitLoaded();
    const before = await canvas().locator('[data-omr="group"]').count();
    await palette('singleChoice');
    await expect.poll(() => canvas().locator('[data-omr="group"]').count()).toBe(before + 1);
    await save();
    await page.setViewportSize({ width: 1280, height: 860 });

    await visit('/cards/templates');
    await expect.poll(() => statusOf(title), { timeout: 15_000 }).toBe('尚未轉存');
    // Before converting, the preview says so and goes back to the list.
    await page.getByTestId(`template-preview-${guid}`).click();
    await expectAlert('試卷尚未進行轉存，請先於試卷列表進行轉存');
    await page.waitForURL(/\/cards\/templates/);
    await expect.poll(() => page.getByTestId(`template-pdf-${guid}`).isVisible(), { timeout: 15_000 }).toBe(true);

    // The loading modal while the request runs; the card list's message; 轉存中 until the worker is done.
    // The request is held 1 s on its way, so the modal is there to be seen however fast the server answers
    // (it stays open exactly while the request runs; a quick answer closed it between two looks).
    const held = /\/trpc\/cards\.savePdf/;
    await page.route(held, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    }, { times: 1 });
    let modalSeen = false;
    const watch = page.getByTestId('loading-modal').waitFor({ state: 'visible', timeout: 15_000 }).then(() => (modalSeen = true), () => undefined);
    await page.getByTestId(`template-pdf-${guid}`).click();
    await watch;
    expect(modalSeen).toBe(true);
    await expect.poll(() => page.getByText('已開始轉存，完成後請至預覽頁輸出卷卡').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: `${shots}/template-list-converting.png`, fullPage: true });
    await expect.poll(() => statusOf(title), { timeout: 90_000, interval: 1_000 }).toBe('已轉存');
    await page.screenshot({ path: `${shots}/template-list-converted.png`, fullPage: true });
    // The PDF is of the edited page: eleven questions.
    expect(await poppler('pdftotext', await pdfOf(guid))).toMatch(/\b11\b/);

    await page.getByTestId(`template-preview-${guid}`).click();
    await previewShown();
    await page.screenshot({ path: `${shots}/template-converted-preview.png` });
  }, 150_000);

  it('sends the card screens opened without a guid back to the card list, as the editor does', async () => {
    for (const path of ['/cards/edit', '/cards/preview', '/cards/print', '/cards/log']) {
      await visit(path);
      await expectAlert('卷卡資訊不足');
      await page.waitForURL(/\/cards\/lists$/);
      expect(page.url(), path).not.toContain('page404');
    }
    await page.screenshot({ path: `${shots}/card-route-without-guid.png` });
  }, 60_000);
});
