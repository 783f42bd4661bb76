import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/data/config';
import { closeDeps, createDeps, type Deps } from '../../src/core/deps';
import { openQueue } from '../../src/data/queues';
import { freePort, ownDatabase, spawnPart, type AppProcess } from '../support/app-process';
import { cardInfo, legacyFile, pageOptions, signedInSchool, type Signed } from '../support/card-fixtures';
import { firstPage } from '../support/card-pages';
import { createSchool, createUser } from '../support/fixtures';
import { seedRoster } from '../support/print-tickets';
import { trpcCall } from '../support/school-admin';
import { legacy, type TestApp } from '../support/test-app';
import { bucketKeys, testS3Env } from '../support/test-s3';

// Two web servers and two workers, each a process of its own on the built bundles, sharing one
// MariaDB, one Redis and the run's S3 bucket — as on separate machines (docs/deployment.md).
const prefix = `${process.env.REDIS_PREFIX}:cluster-${randomUUID().slice(0, 8)}`;
const storageDir = mkdtempSync(join(tmpdir(), 'acs-cluster-'));
const CLASSES = [1, 2, 3, 4, 5, 6];
let database: Awaited<ReturnType<typeof ownDatabase>>;
let deps: Deps;
const servers: TestApp[] = [];
const workers: AppProcess[] = [];
const processes: AppProcess[] = [];
let teacher: Signed;
const guids: string[] = [];

const doc = (guid: string) => deps.db.selectFrom('documents').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
const linesOf = (worker: AppProcess, queue: string, msg: string) => worker.lines.filter((l) => l.queue === queue && l.msg === msg).map((l) => String(l.jobId));
const until = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
  for (const deadline = Date.now() + timeoutMs; !(await check()); await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
  }
};

beforeAll(async () => {
  database = await ownDatabase('cluster');
  const env = { ...process.env, ...testS3Env(), DATABASE_URL: database.url, REDIS_PREFIX: prefix, STORAGE_DIR: storageDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', PRINT_LOCK_MS: '5000', PDF_WORKER_CONCURRENCY: '1' };
  deps = createDeps(loadConfig(env));
  for (let i = 0; i < 2; i += 1) {
    const port = await freePort();
    const server = spawnPart('server', { ...env, PORT: String(port) });
    processes.push(server);
    servers.push({ url: `http://127.0.0.1:${port}`, deps, close: async () => undefined });
    workers.push(spawnPart('worker', env));
  }
  processes.push(...workers);
  // Four processes starting at once on a busy machine: a server's first line can take a minute.
  for (const part of processes) await part.waitForLine((l) => l.msg === 'listening' || l.msg === 'ready', 150_000);
  teacher = await signedInSchool(servers[0]);
  await seedRoster(deps.db, teacher.schoolId, 2, CLASSES.length, 40);
}, 240_000);
afterAll(async () => {
  for (const part of processes) part.child.kill('SIGKILL');
  await deps?.printQueue.obliterate({ force: true });
  await deps?.pdfQueue.obliterate({ force: true });
  if (deps) await closeDeps(deps);
  await database?.drop();
  await rm(storageDir, { recursive: true, force: true });
});

describe('two servers, two workers, one database, Redis and bucket', () => {
  it('has one retention schedule however many workers upserted it', async () => {
    const maintenance = openQueue('maintenance', process.env.REDIS_URL!, prefix);
    const schedulers = await maintenance.getJobSchedulers();
    await maintenance.close();
    expect(schedulers.map((s) => s.key).sort()).toEqual(['prune-files', 'purge-expired-sessions']);
  });

  it('accepts on server 2 a token signed in on server 1', async () => {
    const lists = await legacy(servers[1], 'cards', { method: 'get', action: 'lists', limit: 10 }, teacher.token);
    expect(lists.status).toBe(200);
  });

  it('counts failed sign-ins across both servers', async () => {
    const school = await createSchool(deps.db);
    const user = await createUser(deps.db, school.id);
    const from = { 'x-forwarded-for': '198.51.100.77' };
    for (let i = 0; i < 5; i += 1) {
      const failed = await legacy(servers[i % 2], 'login', { code: school.code, account: user.account, password: 'bad' }, undefined, from);
      expect(failed.status).toBe(401);
    }
    for (const server of servers) {
      const locked = await legacy(server, 'login', { code: school.code, account: user.account, password: user.password }, undefined, from);
      expect(locked.status).toBe(429);
    }
  });

  it('converts cards whose save PDF came to either server, each job run once by one of the workers', async () => {
    for (const [i, server] of servers.entries()) {
      const created = await legacy(server, 'cards', { method: 'create', action: 'info', data: cardInfo(`叢集${i + 1}`) }, teacher.token);
      const guid = (created.body.data as { guid: string }).guid;
      await legacy(server, 'cards', { method: 'save', action: 'card', guid, page: 1, options: { ...pageOptions(), components: firstPage(5) } }, teacher.token);
      expect((await legacy(server, 'cards', { method: 'save', action: 'PDF', guid }, teacher.token)).status).toBe(200);
      guids.push(guid);
    }
    await until('both cards converted', async () => (await Promise.all(guids.map(doc))).every((d) => d.status === 'converted'), 120_000);
    const jobs = (await Promise.all(guids.map(doc))).map((d) => d.pdf_job!);
    // A worker logs 'job done' on BullMQ's completed event, a moment after the job wrote MySQL.
    const ran = () => workers.flatMap((w) => linesOf(w, 'pdf', 'job done')).filter((id) => jobs.includes(id)).sort();
    await expect.poll(ran, { timeout: 10_000 }).toEqual([...jobs].sort());
  }, 150_000);

  it('prints tickets from either server on either worker; a worker SIGKILLed mid-ticket loses nothing', async () => {
    const ticketIds: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const created = await trpcCall(servers[i % 2], 'print.create', 'mutation', { guid: guids[i % 2], grade: 2, classes: CLASSES }, teacher.token);
      ticketIds.push((created.data as { ticketId: number }).ticketId);
    }
    // The first worker to start a ticket is killed once that ticket has a class done.
    await until('a ticket started', async () => workers.some((w) => linesOf(w, 'print', 'job started').length > 0), 60_000);
    const victim = workers.find((w) => linesOf(w, 'print', 'job started').length > 0)!;
    const survivor = workers.find((w) => w !== victim)!;
    const victimTicket = Number(linesOf(victim, 'print', 'job started')[0].replace('ticket-', ''));
    const classesDone = async () => (await deps.db.selectFrom('print_ticket_classes').select('state').where('ticket_id', '=', victimTicket).execute()).filter((c) => c.state === 'done').length;
    await until('a class of the first ticket printed', async () => (await classesDone()) > 0, 60_000);
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');
    expect(await classesDone()).toBeLessThan(CLASSES.length); // killed mid-ticket

    const states = () => deps.db.selectFrom('print_tickets').select('state').where('id', 'in', ticketIds).execute();
    await until('every ticket done', async () => (await states()).every((t) => t.state === 'done'), 120_000);
    expect(linesOf(survivor, 'print', 'job done')).toContain(`ticket-${victimTicket}`);
    for (const ticketId of ticketIds) {
      const logs = await deps.db.selectFrom('print_logs').select(['id', 'ticket_key', 'storage_key']).where('ticket_key', 'like', `${ticketId}-%`).execute();
      expect(logs.map((l) => l.ticket_key).sort(), `ticket ${ticketId}`).toEqual(CLASSES.map((c) => `${ticketId}-${c}`).sort());
      const files = await bucketKeys(`print/${teacher.schoolId}/${ticketId}/`);
      expect(files.sort()).toEqual([...new Set(logs.map((l) => l.storage_key))].sort());
      for (const log of logs) {
        for (const server of servers) {
          const file = await legacyFile(server, 'cards', { method: 'download', action: 'log', id: log.id }, teacher.token);
          expect(file.body.subarray(0, 5).toString(), `${log.ticket_key} from ${server.url}`).toBe('%PDF-');
        }
      }
    }
    expect(readdirSync(storageDir, { recursive: true })).toEqual([]); // every file went to the bucket
  }, 240_000);
});
