import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startScanWorker } from '../../src/worker/scan-worker';
import { seedRoster } from '../support/print-tickets';
import { legacyUpload } from '../support/school-admin';
import type { Signed } from '../support/card-fixtures';
import { killedTestScript, numberedPdf, scanSchool, scriptedReader, storeScanCard } from '../support/scan-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

// A scan worker SIGKILLed mid-batch: on another worker the batch completes with every page of the
// upload stored exactly once — the pages read before the kill are not read again.
const prefix = `${process.env.REDIS_PREFIX}:scan-killed-${randomUUID().slice(0, 8)}`;
const LOCK_MS = 2_000;
const PAGES = 120;
let app: TestApp;
let teacher: Signed;
let card = { id: 0, guid: '' };
let studentIds: number[] = [];
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await scanSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 1, 2, 30);
  studentIds = (await app.deps.db.selectFrom('students').select('id').where('client_id', '=', teacher.schoolId).orderBy('id').execute()).map((s) => s.id);
  card = await storeScanCard(app.deps.db, app.deps.storage, teacher);
}, 60_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.scanQueue.obliterate({ force: true });
  await app.close();
});

it("finishes a killed worker's batch with every page stored once", async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/scan-worker-process.ts'], {
    env: { ...process.env, WORKER_PREFIX: prefix, WORKER_LOCK_MS: String(LOCK_MS), SCAN_DOCUMENT_ID: String(card.id), SCAN_STUDENTS: JSON.stringify(studentIds) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.push(async () => void child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  await expect.poll(() => output, { timeout: 30_000, interval: 20 }).toContain('ready');

  const reply = await legacyUpload(app, 'cards', { method: 'import', action: 'scans', guid: card.guid }, { name: 'stack.pdf', body: await numberedPdf(PAGES) }, teacher.token);
  const batchId = (reply.body.data as { batch_id: number }).batch_id;
  const stored = async () => (await app.deps.db.selectFrom('scan_pages').select('page_index').where('batch_id', '=', batchId).execute()).length;
  await expect.poll(stored, { timeout: 30_000, interval: 10 }).toBeGreaterThan(10);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  const atKill = await stored();
  expect(atKill).toBeLessThan(PAGES);

  const survivorReader = scriptedReader(killedTestScript(card.id, studentIds));
  const survivor = startScanWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, readPage: survivorReader.readPage, lockDurationMs: LOCK_MS });
  cleanup.push(survivor.close);
  await expect.poll(async () => (await app.deps.db.selectFrom('scan_batches').select('state').where('id', '=', batchId).executeTakeFirstOrThrow()).state, { timeout: 60_000, interval: 200 }).toBe('done');

  const pages = await app.deps.db.selectFrom('scan_pages').select(['page_index', 'status', 'student_id']).where('batch_id', '=', batchId).orderBy('page_index').execute();
  expect(pages.map((p) => p.page_index)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
  expect(pages.every((p) => p.status === 'read' && p.student_id !== null)).toBe(true);
  // The survivor read only what was not stored: nothing twice.
  expect(survivorReader.calls.length).toBe(PAGES - atKill);
  expect(new Set(survivorReader.calls).size).toBe(survivorReader.calls.length);
  const batch = await app.deps.db.selectFrom('scan_batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
  expect([batch.pages_total, batch.pages_done]).toEqual([PAGES, PAGES]);
  console.log(`[scan] killed after ${atKill} of ${PAGES} pages; the survivor read the other ${survivorReader.calls.length}`);
}, 120_000);
