import { spawn } from 'node:child_process';

/**
 * The one way product code runs poppler (pdfinfo, pdftoppm, pdfimages) on an uploaded file
 * (docs/scan-reading.md "Limits on input"): every run under a memory cap (`prlimit --as`, the
 * process's address space) and a CPU-time cap (`prlimit --cpu`), and a wall-clock timeout that
 * kills the whole process group. A hostile PDF can then cost at most this much, whatever it holds.
 */

/** Address space of one poppler process: a 200 dpi A3 page is ≈ 10 MB of grey; poppler itself maps ≈ 60 MB. */
export const POPPLER_MAX_MEMORY = 512 * 1024 * 1024;
/** Wall-clock time of one run (32 pages at most); a normal run takes 0.1–2 s. */
export const POPPLER_TIMEOUT_MS = 30_000;
/** CPU seconds of one run (the kernel's own limit, beside the wall-clock one). */
const POPPLER_MAX_CPU_S = 30;
/** Output kept from a run (pdfinfo of 2,000 pages with boxes ≈ 1 MB). */
const MAX_OUTPUT = 16 << 20;

export type PopplerTool = 'pdfinfo' | 'pdftoppm' | 'pdfimages';

/** A run that failed: its exit, or the limit it hit. `detail` is poppler's text, for logs only — never shown to a person. */
export class PopplerFailed extends Error {
  constructor(
    readonly tool: PopplerTool,
    readonly why: 'exit' | 'timeout' | 'memory' | 'output',
    readonly detail: string,
  ) {
    super(`${tool} ${why}: ${detail}`);
  }
}

export interface PopplerLimits {
  memoryBytes?: number;
  timeoutMs?: number;
  /** poppler's environment (default the process's): a test empties fontconfig so no installed font stands in for a broken one. */
  env?: NodeJS.ProcessEnv;
}

/** Runs `tool args` under the limits; resolves with its stdout, rejects with PopplerFailed. */
export function runPoppler(tool: PopplerTool, args: readonly string[], limits: PopplerLimits = {}): Promise<{ stdout: string; stderr: string }> {
  const memory = limits.memoryBytes ?? POPPLER_MAX_MEMORY;
  const timeout = limits.timeoutMs ?? POPPLER_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    // detached: its own process group, so a timeout kills prlimit's child too, not only prlimit.
    const child = spawn('prlimit', [`--as=${memory}`, `--cpu=${POPPLER_MAX_CPU_S}`, '--', tool, ...args], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: limits.env ?? process.env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let why: PopplerFailed['why'] | null = null;
    const kill = (reason: PopplerFailed['why']) => {
      why ??= reason;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill('timeout'), timeout);
    const keep = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) kill('output');
      else into.push(chunk);
    };
    child.stdout.on('data', keep(out));
    child.stderr.on('data', keep(err));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new PopplerFailed(tool, 'exit', error.message));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      // Out of address space poppler aborts (std::bad_alloc, SIGABRT) or says so — pdftoppm even with exit 0 and no page written; SIGXCPU is the CPU cap.
      const outOfMemory = /bad_alloc|out of memory|cannot allocate/i.test(stderr);
      if (code === 0 && !why && !outOfMemory) return resolve({ stdout, stderr });
      const reason = why ?? (signal === 'SIGXCPU' ? 'timeout' : outOfMemory || signal === 'SIGABRT' || signal === 'SIGSEGV' ? 'memory' : 'exit');
      reject(new PopplerFailed(tool, reason, (stderr.split('\n').find((l) => l.trim()) ?? `${tool} ended with ${code ?? signal}`).slice(0, 300)));
    });
  });
}
