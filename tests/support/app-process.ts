import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer } from 'node:net';
import { NODE_FLAGS } from '../../scripts/lib/app-processes';
import { SERVER_BUNDLE, WORKER_BUNDLE } from '../../scripts/lib/build-worker';
import { dropDatabase } from '../../scripts/lib/database';
import { withDatabase } from '../../scripts/lib/mysql-server';

// Servers and workers as production runs them — node on the bundles `npm test` built — each a
// process of its own, so a test can send it SIGTERM or SIGKILL and read its JSON log lines.

export type LogLine = { level: string; service: string; msg: string; requestId?: string; [field: string]: unknown };

export interface AppProcess {
  child: ChildProcess;
  /** Every JSON line it wrote on stdout so far (other output is kept in `text`). */
  lines: LogLine[];
  text: () => string;
  /** Resolves when a line matching `match` appears (polls, 30 s unless told). */
  waitForLine(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** The exit code, or the signal's name. */
  exited: Promise<number | string>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function spawnPart(part: 'server' | 'worker', env: NodeJS.ProcessEnv): AppProcess {
  const child = spawn(process.execPath, [...NODE_FLAGS[part], part === 'server' ? SERVER_BUNDLE : WORKER_BUNDLE], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: LogLine[] = [];
  let text = '';
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    partial += chunk.toString();
    const complete = partial.split('\n');
    partial = complete.pop()!;
    for (const line of complete) {
      text += `${line}\n`;
      if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return {
    child,
    lines,
    text: () => text,
    exited,
    // A plain loop, not expect.poll: it also runs in beforeAll.
    waitForLine: async (match, timeoutMs = 30_000) => {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
        const found = lines.find(match);
        if (found) return found;
        if (child.exitCode !== null || child.signalCode !== null) break;
      }
      throw new Error(`no such ${part} log line within ${timeoutMs} ms; its output:\n${text}`);
    },
  };
}

/**
 * A database of the test's own, migrated and seeded (named after the run, so a killed run's is
 * dropped by the next): real workers requeue whatever MySQL calls pending at start, and must not
 * meet the tickets and conversions of other test files.
 */
export async function ownDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_MYSQL_URL!;
  const database = `acs_test_${process.env.TEST_RUN_ID}_${name}`;
  const url = withDatabase(server, database);
  // `npm run seed` in a process of its own: migrations are loaded as .ts files, outside vitest.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts', '--seed'], { env: { ...process.env, DATABASE_URL: url } });
  return { url, drop: () => dropDatabase(server, database) };
}
