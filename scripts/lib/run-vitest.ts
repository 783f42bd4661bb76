import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';

export interface VitestRun {
  exitCode: Promise<number>;
  child: ChildProcess;
}

/**
 * `vitest run` with the terminal report plus the JSON file the summary line is counted from. With
 * `prefix`, its report lines are prefixed (another run is writing to the same terminal).
 */
export function runVitest(args: readonly string[], jsonFile: string, env: NodeJS.ProcessEnv, prefix?: string): VitestRun {
  mkdirSync(dirname(jsonFile), { recursive: true });
  const child = spawn(
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`, ...args],
    { env, stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'] },
  );
  if (prefix) {
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
      if (stream) createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
  }
  const exitCode = new Promise<number>((resolve) => {
    child.on('error', () => resolve(127));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  return { exitCode, child };
}

/** The projects the vitest arguments name (`--project x`, `--project=x`); none means every project. */
function namedProjects(args: readonly string[]): string[] {
  return args.flatMap((arg, i) => {
    if (arg.startsWith('--project=')) return [arg.slice('--project='.length)];
    return arg === '--project' && args[i + 1] ? [args[i + 1]] : [];
  });
}

/** Whether these vitest arguments select the e2e project (no --project means every project). */
export function selectsE2e(args: readonly string[]): boolean {
  const projects = namedProjects(args);
  return projects.length === 0 || projects.some((name) => name.includes('e2e') || name.includes('*'));
}

/**
 * The vitest runs of one `npm test`, going at once. Vitest puts every project whose files run one at
 * a time (integration and e2e: `fileParallelism: false`) into one queue of one worker, so a single
 * run reads integration's files and then e2e's, one after the other. The two never meet (their own
 * databases, Redis prefixes, storage folders and apps: scripts/test.ts), so without --project they
 * run as two lanes at once — unit then integration, and e2e — each still one file at a time.
 * With --project the run is as asked. Each lane writes its own JSON report.
 */
export function vitestLanes(args: readonly string[], withE2e: boolean): { args: string[]; prefix?: string; name: string }[] {
  if (!withE2e || namedProjects(args).length > 0) return [{ args: [...args], name: 'all' }];
  return [
    { args: ['--project', 'unit', '--project', 'integration', '--passWithNoTests', ...args], name: 'main' },
    { args: ['--project', 'e2e', '--passWithNoTests', ...args], prefix: 'e2e │ ', name: 'e2e' },
  ];
}

/** The lanes' JSON reports as one (Jest's format, as vitest writes it): counts summed, files listed together. */
export function mergeVitestJson(files: readonly string[], into: string): void {
  const reports = files.filter((file) => existsSync(file)).map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  if (reports.length === 0) return;
  const merged: Record<string, unknown> = { ...reports[0] };
  for (const report of reports.slice(1)) {
    for (const [key, value] of Object.entries(report)) {
      if (typeof value === 'number' && typeof merged[key] === 'number') merged[key] = key === 'startTime' ? Math.min(merged[key], value) : merged[key] + value;
      else if (Array.isArray(value) && Array.isArray(merged[key])) merged[key] = [...(merged[key] as unknown[]), ...(value as unknown[])];
      else if (typeof value === 'boolean' && typeof merged[key] === 'boolean') merged[key] = key === 'success' ? merged[key] && value : merged[key] || value;
    }
  }
  writeFileSync(into, JSON.stringify(merged));
}
