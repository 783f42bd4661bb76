import type { ResultWritten } from '../schemas/scores';
import { round2 } from './rules';

/**
 * Item analysis of a written question (docs/grading.md "Totals"), pure: over the students whose
 * answer is graded, the mean points, their share of the maximum and how many earned each number
 * of points; the ungraded are counted apart, never as 0.
 */
export interface WrittenItem {
  q: number;
  showno: string;
  max: number;
  graded: number;
  ungraded: number;
  mean: number | null;
  /** mean / max, 0…1. */
  share: number | null;
  /** Points earned → how many students, ascending. */
  distribution: { points: number; count: number }[];
}

export function analyseWritten(written: readonly ResultWritten[], students: readonly { written_points: Record<string, number | null> }[]): WrittenItem[] {
  return written.map((w) => {
    const earned = students.map((s) => s.written_points[String(w.q)]).filter((p): p is number => p !== null && p !== undefined);
    const counts = new Map<number, number>();
    for (const p of earned) counts.set(p, (counts.get(p) ?? 0) + 1);
    const mean = earned.length === 0 ? null : round2(earned.reduce((sum, p) => sum + p, 0) / earned.length);
    return {
      q: w.q,
      showno: w.showno,
      max: w.points,
      graded: earned.length,
      ungraded: students.length - earned.length,
      mean,
      share: mean === null || w.points === 0 ? null : Math.round((mean / w.points) * 10000) / 10000,
      distribution: [...counts.entries()].sort(([a], [b]) => a - b).map(([points, count]) => ({ points, count })),
    };
  });
}
