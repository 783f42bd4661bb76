import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A vitest reporter that writes, for each test file, the wall time from the end of the file before
 * it in the same project queue (or from its own start) to its end — import, hooks and tests, which
 * vitest's JSON report leaves out (its file times skip beforeAll) — to `FILE_TIMES_JSON`, slowest
 * first (for projects that run one file at a time, as integration and e2e do; a unit file's time
overlaps its neighbours'). `npm test` sets it per lane (test-results/file-times-<lane>.json); the lanes of
 * scripts/lib/run-vitest.ts (OWN_LANE_SUITES) are balanced from it. Without the variable it does nothing.
 */
export default class FileTimesReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly lastEnd = new Map<string, number>();
  private readonly rows: { file: string; project: string; seconds: number }[] = [];

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const now = Date.now();
    const project = module.project.name;
    const start = Math.min(this.started.get(module.moduleId) ?? now, this.lastEnd.get(project) ?? now);
    this.lastEnd.set(project, now);
    this.rows.push({ file: relative(process.cwd(), module.moduleId), project, seconds: Math.round((now - start) / 100) / 10 });
  }

  onTestRunEnd(): void {
    const file = process.env.FILE_TIMES_JSON;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(this.rows.sort((a, b) => b.seconds - a.seconds), null, 1)}\n`);
  }
}
