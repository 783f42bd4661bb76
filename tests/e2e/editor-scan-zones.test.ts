import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/data/db/database';
import { insertDemoCard } from '../support/seed-card';
import { shots } from '../support/browser';
import { closeBrowser, launch, page } from '../support/card-browser';
import { canvas, expectAlert, openEditorAsTeacher, palette, questions } from '../support/editor-browser';

// Issue 11: the editor shows where the registration marks and the page code will print, and
// nothing can be placed there.
let db: Db;
let guid = '';

beforeAll(async () => {
  db = createDb(process.env.E2E_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/acs', 2);
  [{ guid }] = await Promise.all([insertDemoCard(db, `掃描定位區 ${Date.now().toString(36)}`, { privacy: 'user' }), launch()]);
}, 60_000);
afterAll(() => Promise.all([closeBrowser(), db?.destroy()]));

describe('scan-mark zones in the editor', () => {
  it('shows the four mark zones and the page code zone, clear of the header and base', async () => {
    // A blank card opens with its header and first-page base already placed (issue 15).
    await openEditorAsTeacher(guid);
    await palette('questionGroup');
    await palette('singleChoice');
    await expect.poll(() => questions().count()).toBeGreaterThan(0);
    const zones = canvas().locator('[data-reserved]');
    expect(await zones.evaluateAll((els) => els.map((el) => el.getAttribute('data-reserved')))).toEqual(['tl', 'tr', 'bl', 'br', 'page-code']);
    for (const zone of await zones.all()) expect(await zone.isVisible()).toBe(true);
    // Every block's box stays out of every zone's box.
    const overlap = await canvas().evaluate((scope) => {
      const zoneBoxes = [...scope.querySelectorAll('[data-reserved]')].map((el) => el.getBoundingClientRect());
      return [...scope.querySelectorAll('[data-block-id]')].some((el) => {
        const b = el.getBoundingClientRect();
        return zoneBoxes.some((z) => b.left < z.right && z.left < b.right && b.top < z.bottom && z.top < b.bottom);
      });
    });
    expect(overlap).toBe(false);
    await canvas().locator('section').screenshot({ path: `${shots}/editor-scan-zones.png` });
  });

  it('refuses a block dropped on a zone, with a message, and changes nothing', async () => {
    const before = await questions().count();
    for (const corner of ['tl', 'br', 'page-code']) {
      await page.getByTestId('palette-singleChoice').dragTo(canvas().locator(`[data-reserved="${corner}"]`));
      await expectAlert('此處為掃描定位標記區，不可放置內容');
    }
    expect(await questions().count()).toBe(before);
  });
});
