import { existsSync, readFileSync } from 'node:fs';

/** The parts of vitest's JSON reporter output (Jest's format) the summary needs. */
interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
}

export interface TestCounts {
  passed: number;
  failed: number;
}

/**
 * Counts passed and failed tests. A file that fails before its tests run (an import error, a
 * throwing beforeAll) has no failed test of its own, so it counts as one failure: otherwise a
 * broken suite would vanish from the total.
 */
export function countTests(jsonFile: string): TestCounts | null {
  if (!existsSync(jsonFile)) return null;
  const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as VitestJson;
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles };
}

export function summaryLine(counts: TestCounts): string {
  return `tests: ${counts.passed} passed, ${counts.failed} failed`;
}
