import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { SERVER_BUNDLE, WORKER_BUNDLE } from './build-worker';
import { sleep } from './run-command';

/** How each part starts: node on its bundle (build-worker.ts, built first), as in production. */
const ENTRY_POINTS = { server: [SERVER_BUNDLE], worker: [WORKER_BUNDLE] } as const;
export type AppPart = keyof typeof ENTRY_POINTS;
const STOP_GRACE_MS = 10_000;
/**
 * Node's own flags per part, before its entry point. The worker's keep V8's young generation at
 * 1 MiB a semi-space and its heap from growing ahead of need: its node process holds ~110 MiB
 * instead of ~290 at the peak of 50 PDF jobs (docs/pdf-rendering.md, "Memory"). The third lets
 * the old generation start at 64 MiB: under `--optimize-for-size` alone V8 began a new full
 * marking as soon as one ended once the heap passed its small start size, half a core of GC for a
 * scan job (docs/scan-reading.md, "The worker's node flags"); with it the PDF jobs' peak stays as
 * it was and the scan job reads about twice the pages a second. They only work on the command
 * line; docker-compose.yml starts the worker with the same three.
 */
export const NODE_FLAGS: Record<AppPart, string[]> = { server: [], worker: ['--max-semi-space-size=1', '--optimize-for-size', '--initial-old-space-size=64'] };

const words = (text: string | undefined) => (text ?? '').split(' ').filter(Boolean);

/**
 * The node flags a benchmark starts its worker process with: the worker's (NODE_FLAGS), or
 * BENCH_WORKER_NODE_FLAGS in their place ("" for none), to compare; BENCH_WORKER_NODE_ARGS adds
 * node arguments (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", "--trace-gc").
 */
export function benchWorkerFlags(): string[] {
  return [...(process.env.BENCH_WORKER_NODE_FLAGS === undefined ? NODE_FLAGS.worker : words(process.env.BENCH_WORKER_NODE_FLAGS)), ...words(process.env.BENCH_WORKER_NODE_ARGS)];
}

export interface RunningApp {
  /** Settles when the first of server and worker ends on its own; the app is broken then. */
  firstExit: Promise<{ part: AppPart; code: number }>;
  /** SIGTERM, then SIGKILL for a part that has not ended after a grace period. */
  stop(): Promise<void>;
  kill(): void;
}

function exitOf(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? 1);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

/**
 * Starts the web server and the worker as two processes, as in production. With `logFile` their
 * output goes there instead of the terminal (tests keep vitest's report readable).
 */
export function startApp(env: NodeJS.ProcessEnv, logFile?: string): RunningApp {
  if (logFile) mkdirSync(dirname(logFile), { recursive: true });
  const output = logFile ? openSync(logFile, 'w') : 'inherit';
  const children = (Object.keys(ENTRY_POINTS) as AppPart[]).map((part) => ({
    part,
    child: spawn(process.execPath, [...NODE_FLAGS[part], ...ENTRY_POINTS[part]], { env, stdio: ['ignore', output, output] }),
  }));
  const firstExit = Promise.race(children.map(async ({ part, child }) => ({ part, code: await exitOf(child) })));
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= Promise.all(
      children.map(async ({ child }) => {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exitOf(child);
        clearTimeout(timer);
      }),
    ).then(() => undefined));
  const kill = () => children.forEach(({ child }) => child.kill('SIGKILL'));
  return { firstExit, stop, kill };
}

const CERTIFICATE_CODES = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_HAS_EXPIRED']);
const untrustedCertificate = (error: unknown): boolean => {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && CERTIFICATE_CODES.has(code);
};

/** Waits until the server answers HTTP at all (any status), or fails if the app dies first. */
export async function waitUntilServing(app: RunningApp, url: string, timeoutMs = 60_000): Promise<void> {
  const seen: { exit?: { part: AppPart; code: number } } = {};
  void app.firstExit.then((exit) => (seen.exit = exit));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (seen.exit) throw new Error(`the ${seen.exit.part} exited (code ${seen.exit.code}) while starting`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch (error) {
      // HTTPS with a certificate this process does not trust (a self-signed one for local testing): the server answered the handshake.
      if (untrustedCertificate(error)) return;
      await sleep(300);
    }
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs / 1000} s`);
}
