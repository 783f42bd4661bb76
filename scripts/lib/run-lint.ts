import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { step } from './setup-messages';

export interface LintResult {
  script: string;
  ok: boolean;
  seconds: number;
}

/**
 * The linters: every package.json script named `lint:<name>` (ESLint, knip, the layer check …), in
 * the order package.json lists them. A new linter is one more `lint:` script; nothing here changes.
 */
export function lintScripts(): string[] {
  const { scripts = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> };
  return Object.keys(scripts).filter((name) => name.startsWith('lint:'));
}

let running: ChildProcess | null = null;

/** Stops the linter that is running, if any (Ctrl-C during `npm test`). */
export function stopLinting(): void {
  running?.kill('SIGTERM');
}

/** `say` writes one line of ours or of the linter's (prefixed when the linters share a terminal). */
function runScript(script: string, prefix: string | undefined, say: (line: string) => void): Promise<number> {
  const command = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve) => {
    const child = spawn(command, ['run', '--silent', script], { stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'] });
    for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', say);
    running = child;
    child.on('error', (error) => {
      console.error(`npm run ${script}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      running = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/**
 * Runs every linter, even after one failed (so one run shows every problem), and says how each
 * went. With `prefix` (npm test runs them beside the test lanes) every line of theirs is prefixed.
 */
export async function runLinters(prefix?: string): Promise<LintResult[]> {
  const say = (line: string) => console.log(prefix ? `${prefix}${line}` : line);
  const results: LintResult[] = [];
  for (const script of lintScripts()) {
    if (prefix) say(`▸ Lint: npm run ${script}`);
    else step(`Lint: npm run ${script}`);
    const started = performance.now();
    const code = await runScript(script, prefix, say);
    const seconds = (performance.now() - started) / 1000;
    results.push({ script, ok: code === 0, seconds });
    say(`${code === 0 ? '✔' : '✖'} ${script} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`);
  }
  return results;
}
