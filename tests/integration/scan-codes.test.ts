import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertTicket } from '../../src/data/repos/print-tickets.repo';
import { parsePageCode } from '../../src/shared/geometry/page-code';
import { batchCodesLoader } from '../../src/worker/jobs/scan-codes';
import type { Signed } from '../support/card-fixtures';
import { seedRoster } from '../support/print-tickets';
import { scanSchool, scanTestMap, storeScanCard } from '../support/scan-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

// The page codes a batch's photos can carry (src/worker/jobs/scan-codes.ts), which a code blurred
// past decoding is matched against (src/scan/code-candidates.ts, docs/scan-reading.md "Photos"):
// the card's current pages × its own school's students — never another school's — in each version
// the card was printed in.
let app: TestApp;
let teacher: Signed;
let other: Signed;

beforeAll(async () => {
  app = await startTestApp();
  teacher = await scanSchool(app);
  other = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, 3);
  await seedRoster(app.deps.db, other.schoolId, 1, 1, 2);
}, 60_000);
afterAll(() => app.close());

const batchOf = async (card: { id: number }, id: number) => {
  const doc = await app.deps.db.selectFrom('documents').select(['geometry_key', 'client_id']).where('id', '=', card.id).executeTakeFirstOrThrow();
  return { id, client_id: doc.client_id, document_id: card.id, geometry_key: doc.geometry_key };
};
const studentsOf = async (schoolId: number) => (await app.deps.db.selectFrom('students').select('id').where('client_id', '=', schoolId).execute()).map((s) => s.id);

it('is every page of the card for every student of its school, and of no other school', async () => {
  const card = await storeScanCard(app.deps.db, app.deps.storage, teacher);
  const codes = (await batchCodesLoader(app.deps.db, app.deps.storage, await batchOf(card, 990_001))()).map((c) => parsePageCode(c)!);
  const own = await studentsOf(teacher.schoolId);
  expect(codes).toHaveLength(own.length * 2);
  expect(new Set(codes.map((c) => c.student))).toEqual(new Set(own));
  for (const student of await studentsOf(other.schoolId)) expect(codes.some((c) => c.student === student)).toBe(false);
  expect(codes.every((c) => c.document === card.id && c.layout === scanTestMap().layout && c.version === undefined)).toBe(true);
  expect(codes.map((c) => c.page).sort()).toEqual([...new Array<number>(own.length).fill(1), ...new Array<number>(own.length).fill(2)]);
});

it('adds each version for a card printed in versions (A/B 卷)', async () => {
  const card = await storeScanCard(app.deps.db, app.deps.storage, teacher, 'A/B 卷');
  await insertTicket(app.deps.db, { client_id: teacher.schoolId, document_id: card.id, user_id: teacher.userId, grade: 1, print_order: 'seat', versions: 2 }, [{ class: 1, expected: 3 }]);
  const codes = (await batchCodesLoader(app.deps.db, app.deps.storage, await batchOf(card, 990_002))()).map((c) => parsePageCode(c)!);
  expect(codes).toHaveLength(3 * 2 * 3);
  expect(new Set(codes.map((c) => c.version ?? '-'))).toEqual(new Set(['-', 'A', 'B']));
});

it('is empty for a card without a map', async () => {
  const card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '未轉檔');
  const batch = { ...(await batchOf(card, 990_003)), geometry_key: null };
  expect(await batchCodesLoader(app.deps.db, app.deps.storage, batch)()).toEqual([]);
});
