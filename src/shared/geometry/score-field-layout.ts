import type { ScoreColumn } from './card-geometry';

/**
 * Which bubbles a score field (閱卷給分格, docs/omr-geometry.md "Score fields") prints for the
 * most points it lets a teacher mark: one row 0…max when max ≤ 10 (one mark gives the points),
 * otherwise a tens row (0…the highest tens digit) and a units row (0…9); with `half`, one .5
 * bubble more. The renderer draws exactly these, the map check and the points rule read them.
 */
export interface ScoreFieldRow {
  column: ScoreColumn;
  /** The small label before the row ('' for the scale row, whose bubbles say the points). */
  label: string;
  bubbles: { points: number; text: string }[];
}

export type ScoreFieldLayout = 'scale' | 'digits';

/** The largest max still printed as one 0…max row (11 bubbles, narrower than a two-column half). */
export const SCALE_MAX = 10;

export const scoreFieldLayout = (max: number): ScoreFieldLayout => (Math.floor(max) <= SCALE_MAX ? 'scale' : 'digits');

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The rows in print order; the half bubble, when asked for, is a row of its own (drawn at the end of the first). */
export function scoreFieldRows(max: number, half: boolean): ScoreFieldRow[] {
  const whole = Math.floor(max);
  const rows: ScoreFieldRow[] =
    scoreFieldLayout(max) === 'scale'
      ? [{ column: 'points', label: '', bubbles: range(0, whole).map((n) => ({ points: n, text: String(n) })) }]
      : [
          { column: 'tens', label: '十位', bubbles: range(0, Math.floor(whole / 10)).map((d) => ({ points: d * 10, text: String(d) })) },
          { column: 'units', label: '個位', bubbles: range(0, 9).map((d) => ({ points: d, text: String(d) })) },
        ];
  if (half) rows.push({ column: 'half', label: '', bubbles: [{ points: 0.5, text: '.5' }] });
  return rows;
}

/** The column → points list a field of `max` and `half` must have, as `column:points` keys, for checking a measured map. */
export function expectedScoreBubbles(max: number, half: boolean): string[] {
  return scoreFieldRows(max, half).flatMap((row) => row.bubbles.map((b) => `${row.column}:${b.points}`));
}
