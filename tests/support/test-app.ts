import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/data/config';
import { closeDeps, createDeps, type Deps } from '../../src/core/deps';
import { createHttpServer } from '../../src/server/http/http-server';

export interface TestApp {
  url: string;
  deps: Deps;
  close: () => Promise<void>;
}

/**
 * The real app on a free port (with `env` over the run's own settings), against the run's throw-away database and Redis prefix that
 * `npm test` puts in the environment (scripts/test.ts).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const deps = createDeps(loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', ...env }));
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(createApp(deps)).listen(0, '127.0.0.1', () => resolve(s));
  });
  // fetch keeps connections alive between calls; with Node's 5 s default the server may close one
  // just as a slow test (a busy machine) sends on it again, which fails as ECONNRESET.
  server.keepAliveTimeout = 120_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await closeDeps(deps);
    },
  };
}

export interface LegacyReply {
  status: number;
  body: { code: number; status: string; message: string; data?: unknown; fields?: Record<string, string> };
}

/** POST /api/<area> with a JSON body, as integrators call it. */
export async function legacy(app: TestApp, area: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<LegacyReply> {
  const res = await fetch(`${app.url}/api/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as LegacyReply['body'] };
}
