import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPage } from '../../src/scan/read-page';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import type { KeyView, Results } from '../../src/shared/schemas/scores';
import { startScanWorker } from '../../src/worker/scan-worker';
import type { Signed } from '../support/card-fixtures';
import { convertedCard } from '../support/converted-card';
import { fillClassPrint } from '../support/fill-print';
import { pdfText } from '../support/poppler';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload, trpcCall } from '../support/school-admin';
import { scanSchool } from '../support/scan-fixtures';
import { legacyFile, seedAnswers } from '../support/score-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// The answer-key sheet end to end, with the real renderer and the real page reader: a converted
// card → download its key sheet (page codes ending in K) → the teacher marks the key in pencil →
// scanned and uploaded like any batch → its page is stored as `key`, not a student's → the key
// tab's scanned key holds the marks → use it → the class (answers seeded) is scored with it.
const prefix = `${process.env.REDIS_PREFIX}:scores-key-${randomUUID().slice(0, 8)}`;
const QUESTIONS = 6;
const KEY = ['B', 'D', 'A', 'C', 'C', 'A'];
let app: TestApp;
let teacher: Signed;
let map: CardGeometryV2;
const card = { id: 0, guid: '' };
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, 3);
  ({ id: card.id, guid: card.guid, map } = await convertedCard(app, teacher, '小考', QUESTIONS));
  const worker = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage });
  cleanup.push(() => worker.close());
}, 120_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

describe('the answer-key sheet', () => {
  let sheet: Buffer;

  it('downloads as a blank copy named 答案卷 whose page code ends in K', async () => {
    const file = await legacyFile(app, { method: 'download', action: 'keySheet', guid: card.guid }, teacher.token);
    expect([file.status, file.type]).toEqual([200, 'application/pdf']);
    expect(file.disposition).toContain('小考_答案卷.pdf');
    sheet = file.bytes;
    const text = pdfText(sheet, 1).stdout;
    expect(text).toContain('答案卷');
    expect(text).toMatch(new RegExp(`AC1/${card.id.toString(36).toUpperCase()}/${map.layout}/1/K`));
  });

  it('marked in pencil and scanned: stored as a key page, offered on the key tab, used as the key; the class is scored with it', async () => {
    const scan = await fillClassPrint(new Uint8Array(sheet), map, (_s, q) => KEY[q - 1] ?? '');
    const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: '答案卷.pdf', body: scan }, teacher.token);
    expect(reply.status).toBe(200);
    const batchId = (reply.body.data as { batch_id: number }).batch_id;
    const batch = async () => (await legacy(app, 'cards', { method: 'get', action: 'scanBatch', batch_id: batchId }, teacher.token)).body.data as { state: string; pages: { status: string; student_number: string | null }[] };
    await expect.poll(async () => (await batch()).state, { timeout: 60_000, interval: 200 }).toBe('done');
    expect((await batch()).pages).toMatchObject([{ status: 'key', student_number: null }]);

    const key = (await trpcCall(app, 'scores.key', 'query', { guid: card.guid }, teacher.token)).data as KeyView;
    expect(key.saved).toBe(false);
    expect(key.scanned_key?.answers).toEqual(Object.fromEntries(KEY.map((a, i) => [String(i + 1), a])));
    // Nobody's answers: the key sheet is not a student.
    expect((await legacy(app, 'cards', { method: 'get', action: 'answers', guid: card.guid }, teacher.token)).body.data).toMatchObject({ total: 0 });

    const used = await trpcCall(app, 'scores.useScannedKey', 'mutation', { guid: card.guid }, teacher.token);
    expect((used.data as { message: string }).message).toBe(`已套用掃描的答案卷（${QUESTIONS} 題）`);
    const saved = (await trpcCall(app, 'scores.key', 'query', { guid: card.guid }, teacher.token)).data as KeyView;
    expect(saved.questions.map((q) => q.answer)).toEqual(KEY);
    expect(saved.max_score).toBe(QUESTIONS);

    const students = await app.deps.db.selectFrom('students').select('id').where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
    const owner = { clientId: teacher.schoolId, userId: teacher.userId, documentId: card.id };
    await seedAnswers(app.deps.db, owner, [
      { studentId: students[0].id, answers: Object.fromEntries(KEY.map((a, i) => [i + 1, a])) },
      { studentId: students[1].id, answers: { 1: 'B', 2: 'D', 3: 'B' } },
      { studentId: students[2].id, answers: {} },
    ], map);
    const results = (await trpcCall(app, 'scores.results', 'query', { guid: card.guid }, teacher.token)).data as Results;
    expect(results.students.map((s) => [s.score, s.rank])).toEqual([
      [6, 1],
      [2, 2],
      [0, 3],
    ]);
  });
});
