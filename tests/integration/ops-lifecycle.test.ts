import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/data/config';
import { closeDeps, createDeps, type Deps } from '../../src/core/deps';
import { freePort, ownDatabase, spawnPart, type AppProcess } from '../support/app-process';
import { signedInSchool, type Signed } from '../support/card-fixtures';
import { renderPrintCard } from '../support/print-card';
import { seedRoster, storeConvertedCard } from '../support/print-tickets';
import type { TestApp } from '../support/test-app';

// What a host expects of the processes (docs/deployment.md): health and readiness, JSON logs whose
// request id follows a ticket into the worker, and a SIGTERM that drains — the server finishes the
// request in flight and refuses new ones, the worker finishes its ticket — with nothing lost.
const prefix = `${process.env.REDIS_PREFIX}:ops-${randomUUID().slice(0, 8)}`;
const storageDir = mkdtempSync(join(tmpdir(), 'acs-ops-'));
let database: Awaited<ReturnType<typeof ownDatabase>>;
let deps: Deps;
let env: NodeJS.ProcessEnv;
let server: AppProcess;
let worker: AppProcess;
let url = '';
let workerHealth = '';
let teacher: Signed;
let guid = '';

beforeAll(async () => {
  database = await ownDatabase('ops');
  const [port, healthPort] = [await freePort(), await freePort()];
  env = { ...process.env, DATABASE_URL: database.url, REDIS_PREFIX: prefix, STORAGE_DIR: storageDir, HOST: '127.0.0.1', PORT: String(port), WORKER_HEALTH_PORT: String(healthPort), LOG_LEVEL: 'info' };
  deps = createDeps(loadConfig(env));
  [url, workerHealth] = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${healthPort}`];
  server = spawnPart('server', env);
  worker = spawnPart('worker', env);
  await server.waitForLine((l) => l.msg === 'listening', 120_000);
  await worker.waitForLine((l) => l.msg === 'ready', 120_000);
  teacher = await signedInSchool({ url, deps } as TestApp);
  await seedRoster(deps.db, teacher.schoolId, 3, 3, 60);
  ({ guid } = await storeConvertedCard(deps.db, deps.storage, { clientId: teacher.schoolId, userId: teacher.userId }, await renderPrintCard(1)));
}, 240_000);
afterAll(async () => {
  for (const part of [server, worker]) part?.child.kill('SIGKILL');
  await deps?.printQueue.obliterate({ force: true });
  await deps?.pdfQueue.obliterate({ force: true });
  if (deps) await closeDeps(deps);
  await database?.drop();
  await rm(storageDir, { recursive: true, force: true });
});

const createTicket = async (requestId: string, classes: number[]) => {
  const res = await fetch(`${url}/trpc/print.create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${teacher.token}`, 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ guid, grade: 3, classes }),
  });
  expect(res.headers.get('x-request-id')).toBe(requestId);
  return ((await res.json()) as { result: { data: { ticketId: number } } }).result.data.ticketId;
};
const ticketState = async (id: number) => (await deps.db.selectFrom('print_tickets').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

describe('health and readiness', () => {
  it('answers /healthz and /readyz on the server and the worker, each dependency checked', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    for (const base of [url, workerHealth]) {
      const res = await fetch(`${base}/readyz`);
      expect(res.status, base).toBe(200);
      expect(((await res.json()) as { checks: object }).checks).toMatchObject({ database: 'ok', redis: 'ok', storage: 'ok' });
    }
  });

  it('is not ready (503) when storage does not answer, and says which check failed', async () => {
    const broken = createDeps(loadConfig({ ...env, S3_BUCKET: 'acs-gone', S3_ENDPOINT: 'http://127.0.0.1:9', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'y' }));
    const http = createApp(broken).listen(0, '127.0.0.1');
    await new Promise((resolve) => http.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(http.address() as { port: number }).port}/readyz`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { ready: boolean; checks: Record<string, string> };
      expect(body).toMatchObject({ ready: false, checks: { database: 'ok', redis: 'ok' } });
      expect(body.checks.storage).not.toBe('ok');
    } finally {
      http.close();
      await closeDeps(broken);
    }
  });
});

describe('logs', () => {
  it('writes JSON lines, and the request id of a print request reappears on its job in the worker', async () => {
    const requestId = `ops-log-${randomUUID()}`;
    const ticketId = await createTicket(requestId, [1]);
    await server.waitForLine((l) => l.msg === 'request' && l.requestId === requestId && l.path === '/trpc/print.create' && l.status === 200);
    const done = await worker.waitForLine((l) => l.msg === 'job done' && l.jobId === `ticket-${ticketId}`);
    expect(done).toMatchObject({ service: 'worker', level: 'info', queue: 'print', requestId });
    expect(await ticketState(ticketId)).toBe('done');
  }, 60_000);
});

describe('SIGTERM drains', () => {
  it('the worker finishes the ticket it is printing before it exits, nothing lost', async () => {
    const ticketId = await createTicket(`ops-drain-${randomUUID()}`, [1, 2, 3]);
    await worker.waitForLine((l) => l.msg === 'job started' && l.jobId === `ticket-${ticketId}`);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    const order = worker.lines.map((l) => (l.msg === 'job done' && l.jobId === `ticket-${ticketId}` ? 'done' : l.msg)).filter((m) => ['draining', 'done', 'stopped'].includes(m));
    expect(order).toEqual(['draining', 'done', 'stopped']); // the signal came while the ticket ran
    expect(await ticketState(ticketId)).toBe('done');
    const logs = await deps.db.selectFrom('print_logs').select('class').where('ticket_key', 'like', `${ticketId}-%`).execute();
    expect(logs.map((l) => l.class).sort()).toEqual(['3年1班', '3年2班', '3年3班']);
  }, 60_000);

  it('the server answers the request in flight, refuses new connections, then exits 0', async () => {
    const body = JSON.stringify({ code: 'nobody', account: 'nobody', password: 'nobody-1' });
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    // The server closes the kept-alive connection itself once the answer is sent (it is draining).
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // Half a request: headers and part of the body, then SIGTERM, then the rest.
    socket.write(`POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await server.waitForLine((l) => l.msg === 'draining');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 (200|4\d\d) /);
    expect(answer).toContain('"code"');
    expect(await server.exited).toBe(0);
  }, 30_000);
});
