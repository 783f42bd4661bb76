import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';

const FILE_TIMES_REPORTER = './scripts/lib/file-times-reporter.ts';

export interface VitestRun {
  exitCode: Promise<number>;
  child: ChildProcess;
}

/**
 * `vitest run` with the terminal report, the JSON file the summary line is counted from, and each
 * file's wall time (file-times-reporter.ts, to `FILE_TIMES_JSON` when the caller sets it). With
 * `prefix`, its report lines are prefixed (another run is writing to the same terminal).
 */
export function runVitest(args: readonly string[], jsonFile: string, env: NodeJS.ProcessEnv, prefix?: string): VitestRun {
  mkdirSync(dirname(jsonFile), { recursive: true });
  const child = spawn(
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--reporter=${FILE_TIMES_REPORTER}`, `--outputFile.json=${jsonFile}`, ...args],
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
 * Integration suites that run in a lane of their own on a whole run: the slowest files (corpus
 * generation and reading, killed workers, sign-in rate windows, Chromium render lifecycles), about
 * a third of the integration lane's wall time (measured 2026-12-02 with the file-times reporter,
 * test-results/file-times-<lane>.json). Many of them wait (on a worker, a rate window, Chromium)
 * rather than compute, so they overlap well with the other lanes on 2 cores. A file named here
 * must not depend on another integration file's data: its lane has its own database, Redis prefix
 * and storage folder (scripts/test.ts).
 */
export const OWN_LANE_SUITES: readonly string[] = [
  'tests/integration/scan-habits-corpus.test.ts',
  'tests/integration/score-field-corpus.test.ts',
  'tests/integration/scan-worker-killed.test.ts',
  'tests/integration/sign-in-limits.test.ts',
  'tests/integration/render-lifecycle.test.ts',
  'tests/integration/scan-reading-corpus.test.ts',
  'tests/integration/sign-in.test.ts',
  'tests/integration/cluster.test.ts',
  'tests/integration/scan-marks.test.ts',
  'tests/integration/scan-fairness.test.ts',
  'tests/integration/sign-in-identity.test.ts',
  'tests/integration/convert-pdf-worker-killed.test.ts',
  'tests/integration/save-pdf-stalled.test.ts',
  'tests/integration/scan-photos.test.ts',
];

export interface VitestLane {
  args: string[];
  name: string;
  /** Prefix of its report lines (another lane writes to the same terminal). */
  prefix?: string;
  /** The lane needs a database, Redis prefix and storage folder of its own (named with this). */
  own?: string;
}

/**
 * The vitest runs of one `npm test`, going at once. Vitest puts every project whose files run one at
 * a time (integration and e2e: `fileParallelism: false`) into one queue of one worker, so a single
 * run reads integration's files and then e2e's, one after the other. On a whole run (no arguments)
 * they go as three lanes at once — unit then most of integration; the slow integration suites
 * (OWN_LANE_SUITES) on their own database, Redis prefix and storage; and e2e against its own app —
 * each still one file at a time. With file arguments, two lanes (unit + integration, e2e), both
 * given the arguments. With --project the run is as asked. Each lane writes its own JSON report.
 */
export function vitestLanes(args: readonly string[], withE2e: boolean): VitestLane[] {
  if (!withE2e || namedProjects(args).length > 0) return [{ args: [...args], name: 'all' }];
  const e2e: VitestLane = { args: ['--project', 'e2e', '--passWithNoTests', ...args], prefix: 'e2e │ ', name: 'e2e' };
  if (args.length > 0) return [{ args: ['--project', 'unit', '--project', 'integration', '--passWithNoTests', ...args], name: 'main' }, e2e];
  return [
    { args: ['--project', 'unit', '--project', 'integration', ...OWN_LANE_SUITES.flatMap((file) => ['--exclude', file])], name: 'main' },
    { args: ['--project', 'integration', ...OWN_LANE_SUITES], prefix: 'slow │ ', name: 'slow', own: 'slow' },
    e2e,
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
