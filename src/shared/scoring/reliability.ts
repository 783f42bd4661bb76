import type { Reliability } from '../schemas/scores';
import { isScored, round2, type ScoringQuestion } from './rules';

// Test reliability and item–rest correlation (docs/scores.md "Reliability"), pure. Population
// variances throughout (divide by n), as the score statistics: the selection is the whole group.

const round4 = (x: number) => Math.round(x * 10000) / 10000;

function variance(xs: readonly number[]): number {
  const n = xs.length;
  if (n === 0) return 0;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  return xs.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
}

/** Pearson's r of two equally long series; null when either does not vary (or fewer than 2). */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // A series that does not vary has no correlation (a question everyone got right, say).
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return round4(sxy / Math.sqrt(sxx * syy));
}

/**
 * The corrected point-biserial of a question: Pearson's r between what each student earned on it
 * and the rest of their score (the total without this question), so the question does not
 * correlate with itself. On a right/wrong question this is the point-biserial correlation.
 */
export function correctedPointBiserial(item: readonly number[], totals: readonly number[], itemPoints: readonly number[] = item): number | null {
  return pearson(item, totals.map((t, i) => t - itemPoints[i]));
}

/**
 * Cronbach's α over the points each student earned per counted question (rows: students, columns:
 * questions): k/(k−1) · (1 − Σ var(question) / var(total)). When every question is right-or-wrong
 * with the same points (`dichotomous`), α is exactly KR-20 and is reported under that name. The
 * standard error of measurement is SD(total) · √(1 − reliability), in points; it is left out when
 * the reliability is below 0 (the questions do not measure one thing, and no error band is honest).
 * Null with fewer than 2 students or questions, or when every student has the same total.
 */
export function reliabilityOf(matrix: readonly (readonly number[])[], dichotomous: boolean): Reliability | null {
  const n = matrix.length;
  const k = n === 0 ? 0 : matrix[0].length;
  if (n < 2 || k < 2) return null;
  const totals = matrix.map((row) => row.reduce((s, x) => s + x, 0));
  const totalVariance = variance(totals);
  if (totalVariance < 1e-12) return null;
  let itemVariances = 0;
  for (let j = 0; j < k; j++) itemVariances += variance(matrix.map((row) => row[j]));
  const value = (k / (k - 1)) * (1 - itemVariances / totalVariance);
  const sem = value >= 0 ? round2(Math.sqrt(totalVariance) * Math.sqrt(1 - value)) : null;
  return { method: dichotomous ? 'kr20' : 'alpha', value: round4(value), sem, questions: k, count: n };
}

/**
 * The reliability of a card's scores: over the counted questions (bonus questions are left out:
 * everyone earns them, so they carry no information), from the points each student earned.
 * KR-20 when every such question is scored right-or-wrong (no `partial` rule) and all carry the
 * same points; Cronbach's α otherwise.
 */
export function scoreReliability(
  questions: readonly (ScoringQuestion & { q: number })[],
  students: readonly { points: Record<string, number> }[],
): Reliability | null {
  const counted = questions.filter((q) => isScored(q) && !q.bonus);
  const matrix = students.map((s) => counted.map((q) => s.points[String(q.q)] ?? 0));
  const dichotomous = counted.every((q) => q.rule !== 'partial' && q.points === counted[0].points);
  return reliabilityOf(matrix, dichotomous);
}
