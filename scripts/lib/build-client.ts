import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand } from './run-command';
import { SetupError, step } from './setup-messages';

const OUTPUT = 'dist/client/index.html';
// Everything `vite build` reads: when none of it changed since the last build, skip the build.
const INPUTS = ['index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json', 'src/client', 'src/shared'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A deleted file changes its folder's mtime, so folders count as well as files.
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce(
    (newest, entry) => Math.max(newest, statSync(join(path, entry)).mtimeMs),
    stat.mtimeMs,
  );
}

export function clientBuildIsFresh(): boolean {
  if (!existsSync(OUTPUT)) return false;
  const built = statSync(OUTPUT).mtimeMs;
  return INPUTS.every((input) => newestMtime(input) <= built);
}

/** Builds the React client into dist/client (the server serves it) unless it is up to date. */
export async function buildClient(): Promise<void> {
  if (clientBuildIsFresh()) {
    step('Client build is up to date (dist/client)');
    return;
  }
  step('Building the client (vite build → dist/client)');
  const code = await runCommand('node_modules/.bin/vite', ['build', '--logLevel', 'warn']);
  if (code !== 0) throw new SetupError(`vite build failed (exit ${code}); see its output above.`);
}
