import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { DEMO_TEMPLATE_GUID } from '../../src/data/db/seed-templates';
import { replaceRoster } from '../../src/data/repos/students.repo';
import { base, shots } from '../support/browser';
import { closeBrowser, fillInfo, launch, page, row, signIn, visit } from '../support/card-browser';
import { ALL_CARD_PERMISSIONS, cardInfo, pageOptions } from '../support/card-fixtures';
import { createSchool, createUser } from '../support/fixtures';
import { classRoster } from '../support/print-students';

// Issue 14 part 3 as teachers meet it: a card made from the system template is the teacher's
// own (editable, its header titled as the card), converts and prints; a copy another school
// shared arrives unconverted and the receiving teacher converts and prints it.
const stamp = Date.now().toString(36);
let db: Db;
type Person = { code: string; account: string; password: string };
let teacher: Person;
let sender: Person & { schoolId: number };
let receiverSchool = 0;
let senderCard = '';

async function person(name: string, withRoster: boolean): Promise<Person & { schoolId: number }> {
  const school = await createSchool(db, { name: `${name} ${stamp}` }, ALL_CARD_PERMISSIONS);
  const user = await createUser(db, school.id, { permissions: ALL_CARD_PERMISSIONS, name: `${name}老師` });
  const roster = (classNo: number, size: number) => classRoster(8, classNo, size).map((s) => ({ name: s.name, number: s.number, seat: s.seat ?? 0, grade: 8, class: classNo }));
  if (withRoster) await replaceRoster(db, school.id, [...roster(1, 6), ...roster(2, 5)]);
  return { code: school.code, account: user.account, password: user.password, schoolId: school.id };
}

/** Setup outside the screens under test: the sender makes a shareable card and shares it. */
async function shareFromSender(title: string): Promise<string> {
  const post = async (body: unknown, token?: string, area = 'cards') => {
    const res = await fetch(`${base}/api/${area}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': '198.19.14.14' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: { token: string; guid: string } };
  };
  const { token } = (await post({ code: sender.code, account: sender.account, password: sender.password }, undefined, 'login')).data;
  const { guid } = (await post({ method: 'create', action: 'info', data: { ...cardInfo('原卷'), share: 1 } }, token)).data;
  expect((await post({ method: 'save', action: 'card', guid, page: 1, options: pageOptions('第一大題') }, token)).code).toBe(200);
  expect((await post({ method: 'copy', action: 'toShare', guid, title, client_id: receiverSchool }, token)).code).toBe(200);
  return guid;
}

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  const receiver = await person('甲校', true);
  teacher = receiver;
  receiverSchool = receiver.schoolId;
  sender = await person('乙校', false);
  await launch();
}, 60_000);
afterAll(async () => {
  await closeBrowser();
  await db?.destroy();
});

async function printClasses(classes: number[]): Promise<void> {
  await page.getByTestId('print-grade-8').click();
  for (const c of classes) await page.getByTestId(`print-class-${c}`).click();
  await page.getByTestId('print-submit').click();
  await expect.poll(() => page.getByTestId('print-progress-done').isVisible(), { timeout: 60_000, interval: 500 }).toBe(true);
}

describe('cards from templates, finished and printed', () => {
  it('a teacher makes a card from the system template, edits its header, converts and prints it', async () => {
    const title = `八年級數學 ${stamp}`;
    await signIn(teacher.code, teacher.account, teacher.password);
    await visit('/cards/templates');
    await page.getByTestId(`template-make-${DEMO_TEMPLATE_GUID}`).click();
    await page.waitForURL(/\/cards\/create/);
    await fillInfo(title);
    await page.getByTestId('card-submit').click();
    await page.waitForURL(`${base}/cards/lists`);
    await expect.poll(() => row(title).isVisible()).toBe(true);
    // Not locked: the edit button is there and no lock badge.
    expect(await row(title).getByTestId('card-locked').count()).toBe(0);
    await row(title).getByText('編輯', { exact: true }).click();
    await page.waitForURL(/\/cards\/content\//);
    // The header's exam title starts as the card's title.
    const examTitle = page.getByTestId('editor-canvas').locator('.acs-exam-title');
    await expect.poll(() => examTitle.textContent(), { timeout: 20_000 }).toBe(title);
    await page.screenshot({ path: `${shots}/template-card-editor.png` });

    await visit('/cards/lists');
    await row(title).getByText('轉存PDF').click();
    await expect.poll(() => row(title).getByTestId('card-status').textContent(), { timeout: 90_000, interval: 1_000 }).toBe('已轉存');
    await row(title).getByText('列印', { exact: true }).click();
    await page.waitForURL(/\/cards\/print\//);

    // The whole grade to one file: select-all, the combined option; the modal links to the files.
    await page.getByTestId('print-grade-8').click();
    await expect.poll(() => page.getByTestId('print-class-2').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('print-class-all').click();
    expect(await page.getByTestId('print-class-1').getAttribute('data-state')).toBe('checked');
    expect(await page.getByTestId('print-class-2').getAttribute('data-state')).toBe('checked');
    await page.getByTestId('print-files-combined').click();
    await page.screenshot({ path: `${shots}/print-grade-screen.png` });
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-progress-done').isVisible(), { timeout: 60_000, interval: 500 }).toBe(true);
    const gradeFile = page.getByTestId('print-file-grade');
    await expect.poll(() => gradeFile.textContent()).toMatch(new RegExp(`^八年級數學 ${stamp}_8年級_座號_\\d{4}-\\d{4}\\.pdf$`));
    expect(await page.getByTestId('print-file').count()).toBe(2);
    await page.screenshot({ path: `${shots}/print-grade-done.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), gradeFile.click()]);
    expect(download.suggestedFilename()).toMatch(/_8年級_座號_\d{4}-\d{4}\.pdf$/);
    await page.getByTestId('print-progress-close').click();

    // The same selection again within ten minutes: asked first; cancelling sends nothing.
    const tickets = () => db.selectFrom('print_tickets').select('id').where('client_id', '=', receiverSchool).execute();
    const before = (await tickets()).length;
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-repeat').textContent()).toContain('確定要再印一次嗎？');
    await page.screenshot({ path: `${shots}/print-repeat-confirm.png` });
    await page.getByTestId('confirm-cancel').click();
    await page.waitForTimeout(500);
    expect((await tickets()).length).toBe(before);
  });

  it('a receiving teacher converts and prints a copy another school shared', async () => {
    const title = `他校分享 ${stamp}`;
    senderCard = await shareFromSender(title);
    await signIn(teacher.code, teacher.account, teacher.password);
    await visit('/cards/shares');
    const share = page.locator('tr[data-testid^="share-"]', { has: page.getByText(title, { exact: true }) }).first();
    await expect.poll(() => share.getByTestId('card-status').textContent()).toBe('尚未轉存');
    await share.getByText('轉存PDF').click();
    await expect.poll(() => share.getByTestId('card-status').textContent(), { timeout: 90_000, interval: 1_000 }).toBe('已轉存');
    await page.screenshot({ path: `${shots}/share-converted.png` });
    await share.getByText('列印', { exact: true }).click();
    await page.waitForURL(/\/cards\/print\//);
    await expect.poll(() => page.getByText(title).isVisible()).toBe(true);
    await printClasses([2]);
    await page.screenshot({ path: `${shots}/share-printed.png` });
  });

  it('a teacher of a school without students is told to ask the school administrator, not sent to a 403', async () => {
    await signIn(sender.code, sender.account, sender.password);
    await visit(`/cards/print/${senderCard}`);
    await expect.poll(() => page.getByTestId('print-ask-admin').textContent(), { timeout: 15_000 }).toBe('請洽學校管理者匯入學生名單');
    expect(await page.getByText('前往匯入').count()).toBe(0);
  });
});
