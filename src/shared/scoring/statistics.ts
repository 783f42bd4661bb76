import type { Stats } from '../schemas/scores';
import { round2 } from './rules';

// Score statistics of a selection (docs/scores.md "Statistics"): count, mean, median, standard
// deviation, highest and lowest; competition ranks; the histogram. Pure, for both the screens'
// data and the exports.

/**
 * The standard deviation is the population one (divide by n): a class or grade is the whole group
 * being described, not a sample of a larger one — as school report software prints it.
 */
export function statsOf(scores: readonly number[]): Stats | null {
  const n = scores.length;
  if (n === 0) return null;
  const sorted = [...scores].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / n;
  const median = n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const variance = sorted.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
  return { count: n, mean: round2(mean), median: round2(median), sd: round2(Math.sqrt(variance)), max: sorted[n - 1], min: sorted[0] };
}

/** Standard competition ranking ("1224"): equal scores share a rank, the next rank skips. */
export function competitionRanks(scores: readonly number[]): number[] {
  const order = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score);
  const ranks = new Array<number>(scores.length);
  order.forEach((entry, position) => {
    ranks[entry.index] = position > 0 && order[position - 1].score === entry.score ? ranks[order[position - 1].index] : position + 1;
  });
  return ranks;
}

export const HISTOGRAM_BINS = 10;

/** Ten equal bins over 0 … max; each holds from ≤ score < to, the last one also the maximum. */
export function histogramOf(scores: readonly number[], max: number): { from: number; to: number; count: number }[] {
  if (max <= 0) return [];
  const width = max / HISTOGRAM_BINS;
  const bins = Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({ from: round2(i * width), to: round2((i + 1) * width), count: 0 }));
  for (const score of scores) {
    const at = Math.min(HISTOGRAM_BINS - 1, Math.max(0, Math.floor(score / width + 1e-9)));
    bins[at].count += 1;
  }
  return bins;
}
