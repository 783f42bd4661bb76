import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

function runScript(script: string): Promise<number> {
  const command = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve) => {
    const child = spawn(command, ['run', '--silent', script], { stdio: ['ignore', 'inherit', 'inherit'] });
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

/** Runs every linter, even after one failed (so one run shows every problem), and says how each went. */
export async function runLinters(): Promise<LintResult[]> {
  const results: LintResult[] = [];
  for (const script of lintScripts()) {
    step(`Lint: npm run ${script}`);
    const started = performance.now();
    const code = await runScript(script);
    const seconds = (performance.now() - started) / 1000;
    results.push({ script, ok: code === 0, seconds });
    console.log(`${code === 0 ? '✔' : '✖'} ${script} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`);
  }
  return results;
}
