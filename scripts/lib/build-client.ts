import { isFresh } from './build-freshness';
import { runCommand } from './run-command';
import { SetupError, step } from './setup-messages';

const OUTPUT = 'dist/client/index.html';
// Everything `vite build` reads: when none of it changed since the last build, skip the build.
const INPUTS = ['index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json', 'src/client', 'src/shared'];

export function clientBuildIsFresh(): boolean {
  return isFresh(OUTPUT, INPUTS);
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
