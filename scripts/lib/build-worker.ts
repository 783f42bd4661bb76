import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { isFresh } from './build-freshness';
import { runCommand } from './run-command';
import { SetupError, step } from './setup-messages';

/**
 * The worker and the web server run as bundled ES modules of our code (packages stay in
 * node_modules), not through tsx: tsx's loader and its compiled-source cache cost a process ~22 MiB
 * for its whole life and compile on every start (docs/pdf-rendering.md, "Memory"; docs/deployment.md).
 */
const BUNDLES = {
  worker: { entry: 'src/worker/main.ts', dir: 'dist/worker' },
  server: { entry: 'src/server/main.ts', dir: 'dist/server' },
} as const;
export const WORKER_BUNDLE = bundlePath(BUNDLES.worker.entry, BUNDLES.worker.dir);
export const SERVER_BUNDLE = bundlePath(BUNDLES.server.entry, BUNDLES.server.dir);
const INPUTS = ['package-lock.json', 'tsconfig.json', 'scripts/lib/build-worker.ts', 'src/worker', 'src/server', 'src/core', 'src/data', 'src/shared', 'src/pdf', 'src/scan'];

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
  const args = [entry, '--bundle', '--splitting', '--platform=node', '--format=esm', '--target=node20', '--packages=external', ...SINGLE_FILE_PACKAGES];
  const code = await runCommand('node_modules/.bin/esbuild', [...args, `--outdir=${outdir}`, '--out-extension:.js=.mjs', '--log-level=warning']);
  if (code !== 0) throw new SetupError(`bundling ${entry} failed (exit ${code}); see its output above.`);
  return bundlePath(entry, outdir);
}

/**
 * pdf-lib's package entry is CommonJS spread over ~300 files: Node resolves, reads and compiles
 * each on every start (~0.4 s of a worker's start-up). The same release ships one ES module file;
 * bundles import that instead (the code is the same release, so behaviour is the same; tests and
 * tsx keep the package entry).
 */
const SINGLE_FILE_PACKAGES = ['--alias:pdf-lib=pdf-lib/dist/pdf-lib.esm.min.js'];

/** Bundles src/<part>/main.ts into dist/<part> unless it is up to date. */
async function buildPart(part: keyof typeof BUNDLES): Promise<void> {
  const { entry, dir } = BUNDLES[part];
  const output = bundlePath(entry, dir);
  if (isFresh(output, INPUTS)) {
    step(`The ${part} bundle is up to date (${output})`);
    return;
  }
  step(`Bundling the ${part} (esbuild → ${output})`);
  await rm(dir, { recursive: true, force: true }); // no chunk of an older build stays
  await bundle(entry, dir);
}

export const buildWorker = (): Promise<void> => buildPart('worker');
export const buildServer = (): Promise<void> => buildPart('server');
