import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPrintWorker } from '../../src/worker/print-worker';
import { signedInSchool, type Signed } from '../support/card-fixtures';
import { renderPrintCard } from '../support/print-card';
import { seedRoster, storeConvertedCard } from '../support/print-tickets';
import { trpcCall } from '../support/school-admin';
import { startTestApp, type TestApp } from '../support/test-app';

// A print worker SIGKILLed mid-batch: on another worker the ticket completes, with exactly one
// file and one log row per class — the class being written when it died included.
const prefix = `${process.env.REDIS_PREFIX}:print-killed-${randomUUID().slice(0, 8)}`;
const LOCK_MS = 2_000;
const CLASSES = 12;
let app: TestApp;
let teacher: Signed;
let guid = '';
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  process.env.REDIS_PREFIX = prefix;
  app = await startTestApp();
  teacher = await signedInSchool(app);
  await seedRoster(app.deps.db, teacher.schoolId, 2, CLASSES, 40);
  ({ guid } = await storeConvertedCard(app.deps.db, app.deps.storage, { clientId: teacher.schoolId, userId: teacher.userId }, await renderPrintCard(1)));
}, 60_000);
afterAll(async () => {
  for (const step of cleanup) await step();
  await app.deps.printQueue.obliterate({ force: true });
  await app.close();
});

it('completes a killed worker\'s ticket with one file and one log row per class', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/print-worker-process.ts'], {
    env: { ...process.env, WORKER_PREFIX: prefix, WORKER_LOCK_MS: String(LOCK_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.push(async () => void child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 90_000, interval: 20 }).toContain('ready');

  const classes = Array.from({ length: CLASSES }, (_, i) => i + 1);
  const ticketId = ((await trpcCall(app, 'print.create', 'mutation', { guid, grade: 2, classes }, teacher.token)).data as { ticketId: number }).ticketId;
  const steps = () => app.deps.db.selectFrom('print_ticket_classes').select(['class', 'state']).where('ticket_id', '=', ticketId).execute();
  await expect.poll(async () => (await steps()).filter((s) => s.state === 'done').length, { timeout: 30_000, interval: 10 }).toBeGreaterThan(0);
  child.kill('SIGKILL'); // mid-batch: some classes done, the rest not
  await new Promise((resolve) => child.once('exit', resolve));
  const doneAtKill = (await steps()).filter((s) => s.state === 'done').length;
  expect(doneAtKill).toBeLessThan(CLASSES);

  const survivor = startPrintWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, lockDurationMs: LOCK_MS });
  cleanup.push(() => survivor.close());
  await expect.poll(async () => (await app.deps.db.selectFrom('print_tickets').select('state').where('id', '=', ticketId).executeTakeFirstOrThrow()).state, { timeout: 60_000, interval: 200 }).toBe('done');

  const logs = await app.deps.db.selectFrom('print_logs').select(['class', 'storage_key', 'ticket_key']).where('ticket_key', 'like', `${ticketId}-%`).execute();
  expect(logs.map((l) => l.ticket_key).sort()).toEqual(classes.map((c) => `${ticketId}-${c}`).sort());
  expect(new Set(logs.map((l) => l.storage_key)).size).toBe(CLASSES);
  const files = await readdir(join(process.env.STORAGE_DIR!, 'print', String(teacher.schoolId), String(ticketId)));
  expect(files.sort()).toEqual(classes.map((c) => `2-${c}.pdf`).sort());
  const ticket = await app.deps.db.selectFrom('print_tickets').selectAll().where('id', '=', ticketId).executeTakeFirstOrThrow();
  expect(ticket.done_students).toBe(CLASSES * 40);
  console.log(`[print] killed after ${doneAtKill} of ${CLASSES} classes; the survivor finished the rest`);
}, 120_000);
