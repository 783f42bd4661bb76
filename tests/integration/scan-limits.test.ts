import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { legacyUpload, systemToken, trpcCall } from '../support/school-admin';
import type { Signed } from '../support/card-fixtures';
import { numberedPdf, scanSchool, storeScanCard } from '../support/scan-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

// A school's scan limits (issue 31, docs/scan-batches.md "Limits"), set by the host per school:
// pages waiting to be read and pages uploaded a day. An upload past either is refused (429) with a
// message in the caller's language, before anything is stored; another school is not affected.
// No worker runs here, so every uploaded page stays waiting.
const prefix = `${process.env.REDIS_PREFIX}:scan-limits-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let host = '';
let teacher: Signed;
let other: Signed;
let card = { id: 0, guid: '' };
let otherCard = { id: 0, guid: '' };

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp({ SCAN_PAGES_IN_FLIGHT: '0', SCAN_PAGES_PER_DAY: '0' });
  host = await systemToken(app);
  teacher = await scanSchool(app);
  other = await scanSchool(app);
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher);
  otherCard = await storeScanCard(app.deps.db, app.deps.storage, other);
}, 60_000);
afterAll(async () => {
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

// Each upload's pages numbered on from the last one's, so no two uploads are the same file (an identical
// re-upload is answered 409 before it is stored, docs/scan-batches.md "The same file again").
let nextPage = 1;
const upload = (pages: number, who = teacher, guid = card.guid, headers: Record<string, string> = {}) =>
  numberedPdf(pages, (nextPage += pages) - pages).then((body) => legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid }, { name: `${randomUUID().slice(0, 6)}.pdf`, body }, who.token, headers));
const batches = async (clientId: number) => (await app.deps.db.selectFrom('scan_batches').select('id').where('client_id', '=', clientId).execute()).length;
const files = async () => {
  let n = 0;
  for await (const _ of app.deps.storage.list(`scans/${teacher.schoolId}/`)) n += 1;
  return n;
};

it('lets only the host set a school its limits; blank is the default, 0 none', async () => {
  const refused = await trpcCall(app, 'clients.saveScanLimits', 'mutation', { client_id: teacher.schoolId, scan_pages_in_flight: 5, scan_pages_per_day: 5 }, teacher.token);
  expect(refused.status).toBe(403);
  const bad = await trpcCall(app, 'clients.saveScanLimits', 'mutation', { client_id: teacher.schoolId, scan_pages_in_flight: -1, scan_pages_per_day: '' }, host);
  expect(bad.status).toBe(400);
  const saved = await trpcCall(app, 'clients.saveScanLimits', 'mutation', { client_id: teacher.schoolId, scan_pages_in_flight: 10, scan_pages_per_day: '' }, host);
  expect(saved.status).toBe(200);
  const read = await trpcCall(app, 'clients.scanLimits', 'query', { client_id: teacher.schoolId }, host);
  expect(read.data).toEqual({ client_id: teacher.schoolId, scan_pages_in_flight: 10, scan_pages_per_day: null, defaults: { scan_pages_in_flight: 0, scan_pages_per_day: 0 } });
});

it('refuses an upload past the pages waiting to be read, storing nothing', async () => {
  expect((await upload(8)).status).toBe(200);
  const before = { batches: await batches(teacher.schoolId), files: await files() };
  const refused = await upload(4);
  expect(refused.status).toBe(429);
  expect(refused.body.message).toBe('本校尚有 8 頁等待讀卡，加上此檔 4 頁超過上限 10 頁：請待讀完後再上傳');
  const en = await upload(4, teacher, card.guid, { 'x-locale': 'en' });
  expect(en.body.message).toBe('Your school has 8 pages waiting to be read; with this file’s 4 pages that is over the limit of 10. Upload it once those are read');
  expect({ batches: await batches(teacher.schoolId), files: await files() }).toEqual(before);
  // Up to the limit is taken; another school is not held by this one's pages.
  expect((await upload(2)).status).toBe(200);
  expect((await upload(30, other, otherCard.guid)).status).toBe(200);
  // Pages read no longer count as waiting.
  await app.deps.db.updateTable('scan_batches').set({ state: 'done', pages_done: 8 }).where('client_id', '=', teacher.schoolId).where('pages_total', '=', 8).execute();
  expect((await upload(8)).status).toBe(200);
});

it('refuses an upload past the pages of the day, with its own message', async () => {
  await trpcCall(app, 'clients.saveScanLimits', 'mutation', { client_id: teacher.schoolId, scan_pages_in_flight: 0, scan_pages_per_day: 20 }, host);
  // 8 + 2 + 8 pages today.
  const refused = await upload(3);
  expect(refused.status).toBe(429);
  expect(refused.body.message).toBe('本校今天已上傳 18 頁，加上此檔 3 頁超過每日上限 20 頁：請明天再上傳，或請系統管理者調整上限');
  expect((await upload(2)).status).toBe(200);
  // Yesterday's pages are not today's.
  await app.deps.db.updateTable('scan_batches').set({ created_at: new Date(Date.now() - 86_400_000 * 2) }).where('client_id', '=', teacher.schoolId).execute();
  expect((await upload(3)).status).toBe(200);
});
