import { round2 } from './rules';

/**
 * A written answer's points (docs/grading.md "Points"): pure, so the grading screen, the totals,
 * the exports and the slips all count the same way, and a rubric or maximum edit re-scores every
 * grade on the next read — grades store what the teacher did (items applied, adjustment, or the
 * points given), never a total that could go stale.
 *
 * - points given directly (typed, pasted, from an integrator, a decided score field): those points;
 * - otherwise the rubric: from 0 ('positive', items add) or from the maximum ('negative', items
 *   deduct; their points are negative), plus every applied item's points, plus the adjustment;
 * - bounded by 0 … max, and `capped` says it was, so a screen can show why 12 became 10.
 */
export const RUBRIC_SCORINGS = ['positive', 'negative'] as const;
export type RubricScoring = (typeof RUBRIC_SCORINGS)[number];

/** Where a grade came from: the grading screen, the typed grid, an integrator (legacy `save writtenScores`). */
export const GRADE_SOURCES = ['screen', 'typed', 'legacy'] as const;
export type GradeSource = (typeof GRADE_SOURCES)[number];

export interface RubricForPoints {
  scoring: RubricScoring;
  items: readonly { id: number; points: number }[];
}

export interface GradeForPoints {
  /** Given directly; null when the grade is the rubric's. */
  points: number | null;
  adjustment: number;
  /** Ids of the rubric items applied. */
  itemIds: readonly number[];
}

export interface WrittenPoints {
  points: number;
  /** Before bounding: what the items and adjustment add up to. */
  raw: number;
  capped: boolean;
}

export function writtenPoints(grade: GradeForPoints, rubric: RubricForPoints | null, max: number): WrittenPoints {
  let raw: number;
  if (grade.points !== null) raw = grade.points;
  else {
    const start = rubric?.scoring === 'negative' ? max : 0;
    // An item no longer in the rubric counts for nothing (the database removes it from the grade too).
    const applied = rubric ? rubric.items.filter((item) => grade.itemIds.includes(item.id)) : [];
    raw = start + applied.reduce((sum, item) => sum + item.points, 0) + grade.adjustment;
  }
  raw = round2(raw);
  const points = Math.min(max, Math.max(0, raw));
  return { points, raw, capped: points !== raw };
}

/** The rubric keys: the first nine items in order answer to keys 1–9. */
export const RUBRIC_KEYS = 9;
export const rubricKey = (index: number): string | null => (index >= 0 && index < RUBRIC_KEYS ? String(index + 1) : null);
