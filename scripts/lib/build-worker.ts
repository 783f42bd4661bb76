import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { isFresh } from './build-freshness';
import { runCommand } from './run-command';
import { SetupError, step } from './setup-messages';

/**
 * The worker runs as one bundled ES module of our code (packages stay in node_modules), not
 * through tsx: tsx's loader and its compiled-source cache cost the worker ~22 MiB for its whole
 * life, and the worker's memory is a target (docs/pdf-rendering.md, "Memory").
 */
const WORKER_DIR = 'dist/worker';
const ENTRY = 'src/worker/main.ts';
export const WORKER_BUNDLE = bundlePath(ENTRY, WORKER_DIR);
const INPUTS = ['package-lock.json', 'tsconfig.json', 'scripts/lib/build-worker.ts', 'src/worker', 'src/server', 'src/shared', 'src/pdf', 'src/scan'];

/** Where `bundle` writes an entry's module: `<outdir>/<name>.mjs`. */
export function bundlePath(entry: string, outdir: string): string {
  return `${outdir}/${basename(entry, '.ts')}.mjs`;
}

/**
 * Bundles an entry into `outdir` (inside the project, so its packages resolve from node_modules).
 * Split into chunks: a dynamic import stays a separate chunk, loaded only when reached — without
 * splitting, ESM hoists every import of the bundle, and the worker would load the renderer it only
 * needs to re-queue a lost conversion. Also used by the benchmark for its own worker entry.
 */
export async function bundle(entry: string, outdir: string): Promise<string> {
  const args = [entry, '--bundle', '--splitting', '--platform=node', '--format=esm', '--target=node20', '--packages=external'];
  const code = await runCommand('node_modules/.bin/esbuild', [...args, `--outdir=${outdir}`, '--out-extension:.js=.mjs', '--log-level=warning']);
  if (code !== 0) throw new SetupError(`bundling ${entry} failed (exit ${code}); see its output above.`);
  return bundlePath(entry, outdir);
}

/** Bundles src/worker/main.ts into dist/worker unless it is up to date. */
export async function buildWorker(): Promise<void> {
  if (isFresh(WORKER_BUNDLE, INPUTS)) {
    step(`Worker bundle is up to date (${WORKER_BUNDLE})`);
    return;
  }
  step(`Bundling the worker (esbuild → ${WORKER_BUNDLE})`);
  await rm(WORKER_DIR, { recursive: true, force: true }); // no chunk of an older build stays
  await bundle(ENTRY, WORKER_DIR);
}
