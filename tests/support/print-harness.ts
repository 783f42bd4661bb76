import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startPdfWorker } from '../../src/worker/pdf-worker';
import { startPrintWorker } from '../../src/worker/print-worker';
import { cardInfo, pageOptions, signedInSchool, type Signed } from './card-fixtures';
import { firstPage } from './card-pages';
import { seedRoster } from './print-tickets';
import { trpcCall } from './school-admin';
import { legacy, startTestApp, type TestApp } from './test-app';

// The print service's integration tests on the real job path: the app, a card converted by the
// pdf worker (Chromium, the real measurer), a roster of grade 3 (3 classes × 4), and a print
// worker on the same queue prefix, started when a test wants it.

export type TicketView = {
  state: string;
  ahead: number;
  doneStudents: number;
  totalStudents: number;
  error: string | null;
  classes: { class: number; state: string; expected: number; printed: number; logId: number | null; filename: string | null; note: string | null }[];
};

export async function printHarness(name: string) {
  const prefix = `${process.env.REDIS_PREFIX}:${name}-${randomUUID().slice(0, 8)}`;
  process.env.REDIS_PREFIX = prefix;
  const app: TestApp = await startTestApp();
  const teacher = await signedInSchool(app);
  const pdf = startPdfWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, chromiumPath: process.env.CHROMIUM_PATH!, renderTimeoutMs: 30_000, restartEvery: 50, concurrency: 1, db: app.deps.db });
  const guid = ((await legacy(app, 'cards', { method: 'create', action: 'info', data: cardInfo('期中考列印') }, teacher.token)).body.data as { guid: string }).guid;
  await legacy(app, 'cards', { method: 'save', action: 'card', guid, page: 1, options: { ...pageOptions(), components: firstPage(5) } }, teacher.token);
  await legacy(app, 'cards', { method: 'save', action: 'PDF', guid }, teacher.token);
  const doc = () => app.deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
  // A plain loop, not expect.poll: this runs in beforeAll.
  for (let waited = 0; (await doc()).status !== 'converted'; waited += 300) {
    if (waited > 90_000) throw new Error(`card not converted: ${(await doc()).pdf_error}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await seedRoster(app.deps.db, teacher.schoolId, 3, 3, 4);

  let print: ReturnType<typeof startPrintWorker> | null = null;
  const ticket = async (who: Signed, ticketId: number) => (await trpcCall(app, 'print.ticket', 'query', { ticketId }, who.token)).data as TicketView;
  return {
    app,
    teacher,
    guid,
    doc,
    create: (who: Signed, input: unknown) => trpcCall(app, 'print.create', 'mutation', input, who.token),
    ticket,
    startPrinting: () => (print ??= startPrintWorker({ redisUrl: process.env.REDIS_URL!, prefix, storage: app.deps.storage, db: app.deps.db, lockDurationMs: 5_000 })),
    done: (who: Signed, ticketId: number) => expect.poll(async () => (await ticket(who, ticketId)).state, { timeout: 60_000, interval: 200 }).toBe('done'),
    /** Another card of another school sharing this one's converted files: only rows matter there. */
    convertLike: async (otherGuid: string) => {
      const own = await doc();
      await app.deps.db.updateTable('documents').set({ status: 'converted', pdf_key: own.pdf_key, geometry_key: own.geometry_key }).where('guid', '=', otherGuid).execute();
    },
    close: async () => {
      await print?.close();
      await pdf.close();
      await app.deps.printQueue.obliterate({ force: true });
      await app.deps.pdfQueue.obliterate({ force: true });
      await app.close();
    },
  };
}
export type PrintHarness = Awaited<ReturnType<typeof printHarness>>;
