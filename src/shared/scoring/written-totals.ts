import { round2 } from './rules';
import { countsWritten } from './written-questions';
import { writtenPoints, type GradeForPoints, type RubricForPoints } from './written-points';

/**
 * The written half of a student's total (docs/grading.md "Totals"), pure. For each written
 * question that counts (its maximum saved, not dropped): bonus → the maximum; a grade (screen,
 * typed, integrator) → its points counted now (`writtenPoints`, rubric and maximum as they are);
 * else the score field read from the scan (`answers["s<q>"]`, points as text) when the reader was
 * sure of it or review decided it; else **ungraded** — null, counted as nothing and reported, so a
 * total is never silently short: 「尚有 N 題未評分」.
 */
export interface WrittenRow {
  q: number;
  points: number;
  saved: boolean;
  bonus: boolean;
  dropped: boolean;
}

/** The scan's score-field entry of question q (the reader writes `s<q>`; docs/omr-geometry.md "Score fields: reading"). */
export const scoreFieldKey = (q: number): string => `s${q}`;

/** Points read from a score field, when a person need not look at them: no flag, or review decided them. */
export function sheetPoints(answers: Record<string, string>, flags: Record<string, string>, q: number): number | null {
  const key = scoreFieldKey(q);
  const text = answers[key];
  if (text === undefined || text === '') return null;
  const flag = flags[key];
  if (flag !== undefined && flag !== 'corrected') return null;
  const points = Number(text);
  return Number.isFinite(points) && points >= 0 ? points : null;
}

export interface StudentWritten {
  /** The written points counted (ungraded answers count nothing). */
  written: number;
  /** Per counted written question: its points, or null while ungraded. */
  points: Record<string, number | null>;
  ungraded: number;
}

export function studentWritten(
  rows: readonly WrittenRow[],
  rubrics: ReadonlyMap<number, RubricForPoints>,
  grades: ReadonlyMap<number, GradeForPoints>,
  answers: Record<string, string>,
  flags: Record<string, string>,
): StudentWritten {
  const points: Record<string, number | null> = {};
  let written = 0;
  let ungraded = 0;
  for (const row of rows) {
    if (!countsWritten(row)) continue;
    const grade = grades.get(row.q);
    const sheet = sheetPoints(answers, flags, row.q);
    const earned = row.bonus
      ? row.points
      : grade
        ? writtenPoints(grade, rubrics.get(row.q) ?? null, row.points).points
        : sheet === null
          ? null
          : Math.min(row.points, sheet);
    points[String(row.q)] = earned;
    if (earned === null) ungraded++;
    else written += earned;
  }
  return { written: round2(written), points, ungraded };
}
