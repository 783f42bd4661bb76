import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlipsWorker } from '../../src/worker/slips-worker';
import type { Signed } from '../support/card-fixtures';
import { pdfText } from '../support/poppler';
import { seedRoster } from '../support/print-tickets';
import { scanSchool, storeScanCard, writtenTestMap } from '../support/scan-fixtures';
import { trpcCall } from '../support/school-admin';
import { legacyFile, seedAnswers } from '../support/score-fixtures';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

// Issue 25, slips through a job (docs/grading.md "Slips through a job"): the 成績 tab's 成績單
// starts a `slips` job (tRPC grading.slipsStart), follows its progress (slipsStatus: students
// prepared / total) and fetches the PDF (slipsFile) — the same slips as the legacy `download
// slips`, which keeps answering the PDF directly. A job is reachable only by whoever started it.
const prefix = `${process.env.REDIS_PREFIX}:slips-${randomUUID().slice(0, 8)}`;
let app: TestApp;
let teacher: Signed;
let other: Signed;
let card = { id: 0, guid: '' };
const cleanup: (() => Promise<void>)[] = [];
type Status = { state: string; done: number; total: number; error: string | null; filename: string | null };

const trpc = (path: string, type: 'query' | 'mutation', input: unknown, token = teacher.token) => trpcCall(app, path, type, input, token);
async function finished(jobId: string, token = teacher.token): Promise<Status[]> {
  const seen: Status[] = [];
  await expect
    .poll(
      async () => {
        const s = (await trpc('grading.slipsStatus', 'query', { job_id: jobId }, token)).data as Status;
        seen.push(s);
        return s.state;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toMatch(/^(done|failed)$/);
  return seen;
}

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  other = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 1, 3);
  const students = await app.deps.db.selectFrom('students').select(['id']).where('client_id', '=', teacher.schoolId).orderBy('seat').execute();
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher, '段考', writtenTestMap());
  await seedAnswers(app.deps.db, { clientId: teacher.schoolId, userId: teacher.userId, documentId: card.id }, students.map((s, i) => ({ studentId: s.id, answers: { 1: 'A', 2: i ? 'B' : 'C', 3: 'C', 4: 'A', 5: 'D' } })), writtenTestMap());
  await legacy(app, 'cards', { guid: card.guid, method: 'save', action: 'answerKey', key: { 1: { answer: 'A' }, 2: { answer: 'B' }, 3: { answer: 'C' }, 4: { answer: 'A' }, 5: { answer: 'D' }, 7: { points: 8 } } }, teacher.token);
  const worker = startSlipsWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db });
  cleanup.push(() => worker.close());
}, 60_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.slipsQueue.obliterate({ force: true });
  await app.close();
});

describe('slips through a job', () => {
  it('starts, reports students prepared, and hands over the same slips as the legacy download', async () => {
    const started = await trpc('grading.slipsStart', 'mutation', { guid: card.guid, grade: 1, class: 1, rank: true, scans: true });
    expect(started.status).toBe(200);
    const jobId = (started.data as { job_id: string }).job_id;
    const seen = await finished(jobId);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ state: 'done', done: 3, total: 3, error: null, filename: '段考_1年1班_成績單.pdf' });
    const file = (await trpc('grading.slipsFile', 'query', { job_id: jobId })).data as { filename: string; base64: string };
    const pdf = Buffer.from(file.base64, 'base64');
    const direct = await legacyFile(app, { method: 'download', action: 'slips', guid: card.guid, grade: 1, class: 1, rank: true }, teacher.token);
    expect(direct.type).toBe('application/pdf');
    // Page for page the same text (the summaries: names, totals, ranks) as the direct download.
    for (const page of [1, 2, 3]) {
      const text = pdfText(pdf, page).stdout;
      expect(text).toContain('成績單');
      expect(text).toBe(pdfText(direct.bytes, page).stdout);
    }
  }, 90_000);

  it('a class without scanned students ends the job with the reason in the user’s language', async () => {
    const started = await trpc('grading.slipsStart', 'mutation', { guid: card.guid, grade: 1, class: 9, rank: false, scans: true });
    const jobId = (started.data as { job_id: string }).job_id;
    expect((await finished(jobId)).at(-1)).toMatchObject({ state: 'failed', error: '此班級沒有已讀卡的學生', filename: null });
    expect((await trpc('grading.slipsFile', 'query', { job_id: jobId })).status).toBe(404);
  }, 90_000);

  it('refuses a class missing from the request, another school’s card, and another school’s job', async () => {
    expect((await trpc('grading.slipsStart', 'mutation', { guid: card.guid, rank: false, scans: true })).status).toBe(400);
    expect((await trpc('grading.slipsStart', 'mutation', { guid: card.guid, grade: 1, class: 1, rank: false, scans: true }, other.token)).status).toBe(404);
    const started = await trpc('grading.slipsStart', 'mutation', { guid: card.guid, grade: 1, class: 1, rank: false, scans: false });
    const jobId = (started.data as { job_id: string }).job_id;
    const foreign = await trpc('grading.slipsStatus', 'query', { job_id: jobId }, other.token);
    expect([foreign.status, foreign.error?.message]).toEqual([404, '找不到此成績單工作（可能已逾時清除），請重新製作']);
    expect((await trpc('grading.slipsFile', 'query', { job_id: jobId }, other.token)).status).toBe(404);
    await finished(jobId);
    expect((await trpc('grading.slipsFile', 'query', { job_id: jobId }, other.token)).status).toBe(404);
  }, 90_000);
});
