import type { ScoreColumn, ScoreField } from '../geometry/card-geometry';

/**
 * How the marks of a score field (閱卷給分格) become a question's points — docs/omr-geometry.md
 * "Score fields: reading". The reader reads each column of a field like a one-mark question
 * (ok / blank / multiple / ambiguous, src/scan/question-status.ts `readQuestion` with the
 * column's bubbles and their `points` as values); this decides the field, and then the question.
 * Nothing is guessed: a blank field is "not graded on paper" (never 0), and whatever a person
 * must look at is `review` with its reason.
 */

/** One column as the reader read it; `answer` is the marked bubble's points as text ('' when not ok). */
export interface ScoreColumnReading {
  status: 'ok' | 'blank' | 'multiple' | 'ambiguous';
  answer: string;
}

export type ScoreReviewReason = 'ambiguous' | 'multiple' | 'incomplete' | 'over-max';

export type ScoreFieldResult = { status: 'ok'; points: number } | { status: 'blank' } | { status: 'review'; reason: ScoreReviewReason };

/**
 * One field's points: tens + units (+ .5), or the one marked 0…max bubble (+ .5).
 * - any column ambiguous → review `ambiguous`; two marks in a column → review `multiple`;
 * - nothing marked at all → `blank` (the teacher did not grade it on paper);
 * - digits: units marked and tens blank reads tens 0 (a teacher giving 7 may leave the tens
 *   blank, as on the header's seat grid); tens marked and units blank → review `incomplete`
 *   (20, or a units mark forgotten? a person decides);
 * - only the .5 marked → 0.5;
 * - more than the field's max → review `over-max`.
 */
export function scoreFieldPoints(field: Pick<ScoreField, 'max' | 'bubbles'>, columns: Partial<Record<ScoreColumn, ScoreColumnReading>>): ScoreFieldResult {
  const present = [...new Set(field.bubbles.map((b) => b.column))];
  const read = present.map((column) => ({ column, reading: columns[column] ?? { status: 'blank', answer: '' } }));
  if (read.some((c) => c.reading.status === 'ambiguous')) return { status: 'review', reason: 'ambiguous' };
  if (read.some((c) => c.reading.status === 'multiple')) return { status: 'review', reason: 'multiple' };
  const marked = new Map(read.filter((c) => c.reading.status === 'ok').map((c) => [c.column, Number(c.reading.answer)]));
  if (marked.size === 0) return { status: 'blank' };
  if ([...marked.values()].some((points) => !Number.isFinite(points))) return { status: 'review', reason: 'ambiguous' };
  if (marked.has('tens') && !marked.has('units')) return { status: 'review', reason: 'incomplete' };
  const points = [...marked.values()].reduce((sum, p) => sum + p, 0);
  return points > field.max ? { status: 'review', reason: 'over-max' } : { status: 'ok', points };
}

/**
 * A question's points from all its score fields (a question and its 自 part may each have one):
 * the sum when every field is read; `blank` when none was marked; review when any field needs
 * it, or when some are marked and others blank (a part left ungraded → `incomplete`).
 */
export function questionScoreFromFields(results: readonly ScoreFieldResult[]): ScoreFieldResult {
  const review = results.find((r) => r.status === 'review');
  if (review) return review;
  const graded = results.filter((r): r is Extract<ScoreFieldResult, { status: 'ok' }> => r.status === 'ok');
  if (graded.length === 0) return { status: 'blank' };
  if (graded.length < results.length) return { status: 'review', reason: 'incomplete' };
  return { status: 'ok', points: graded.reduce((sum, r) => sum + r.points, 0) };
}
