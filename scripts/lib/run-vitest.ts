import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface VitestRun {
  exitCode: Promise<number>;
  child: ChildProcess;
}

/** `vitest run` with the terminal report plus the JSON file the summary line is counted from. */
export function runVitest(args: readonly string[], jsonFile: string, env: NodeJS.ProcessEnv): VitestRun {
  mkdirSync(dirname(jsonFile), { recursive: true });
  const child = spawn(
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`, ...args],
    { env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exitCode = new Promise<number>((resolve) => {
    child.on('error', () => resolve(127));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  return { exitCode, child };
}

/** Whether these vitest arguments select the e2e project (no --project means every project). */
export function selectsE2e(args: readonly string[]): boolean {
  const projects = args.flatMap((arg, i) => {
    if (arg.startsWith('--project=')) return [arg.slice('--project='.length)];
    return arg === '--project' && args[i + 1] ? [args[i + 1]] : [];
  });
  return projects.length === 0 || projects.some((name) => name.includes('e2e') || name.includes('*'));
}
