import type { CardGeometryV2, Rect, ScoreColumn, ScoreField } from '../shared/geometry/card-geometry';
import { questionScoreFromFields, scoreFieldPoints, type ScoreColumnReading, type ScoreFieldResult } from '../shared/scoring/score-field-points';
import { measured, type BubbleInk, type PageBase } from './bubble-fills';
import type { ScoreReading } from './page-reading';
import { readQuestion } from './question-status';

/**
 * Score fields (閱卷給分格) read like any bubble (docs/omr-geometry.md "Score fields: reading"):
 * each bubble's ink measured with the page's answer bubbles (one baseline, `scoreFieldInks` before
 * `pageBase`), each column read as a one-mark question with the bubbles' points as values
 * (`readQuestion`: the same thresholds and statuses), then the field's and the question's points
 * by the pure rule of src/shared/scoring/score-field-points.ts. Nothing is guessed: a blank field
 * is "not graded on paper", anything unsure is `review` with its reason.
 */
export interface FieldInks {
  field: ScoreField;
  inks: { column: ScoreColumn; points: number; ink: BubbleInk }[];
}

export function scoreFieldInks(map: CardGeometryV2, page: number, ink: (rect: Rect) => BubbleInk): FieldInks[] {
  return (map.scoreFields ?? []).filter((f) => f.page === page).map((field) => ({ field, inks: field.bubbles.map((b) => ({ column: b.column, points: b.points, ink: ink(b.rect) })) }));
}

/**
 * One field's columns, and the points the reader believes most likely when a person must decide
 * (review pre-fills them): each column's mark, or for an unsure column the reader's proposal; a
 * blank column counts 0; null when a column has two marks or no belief, or the sum is over the max.
 */
function readField(field: FieldInks, base: PageBase): { columns: Partial<Record<ScoreColumn, ScoreColumnReading>>; proposal: number | null } {
  const columns: Partial<Record<ScoreColumn, ScoreColumnReading>> = {};
  let proposal: number | null = 0;
  for (const column of new Set(field.inks.map((i) => i.column))) {
    const own = field.inks.filter((i) => i.column === column).map((i) => ({ value: String(i.points), ...measured(i.ink, base) }));
    const read = readQuestion(field.field.q, field.field.showno, 'single', own);
    columns[column] = { status: read.status, answer: read.answer };
    const likely = read.status === 'ok' ? read.answer : read.status === 'blank' ? '0' : read.status === 'ambiguous' ? (read.proposal ?? null) : null;
    const points = likely === null ? NaN : likely === '' ? 0 : Number(likely);
    proposal = proposal === null || !Number.isFinite(points) ? null : proposal + points;
  }
  return { columns, proposal: proposal !== null && proposal <= field.field.max ? proposal : null };
}

/** Per question of the page with score fields: its points, blank, or review with the reason (and the likely points). */
export function readScoreFields(fields: readonly FieldInks[], base: PageBase): ScoreReading[] {
  const byQ = new Map<number, { result: ScoreFieldResult; proposal: number | null }[]>();
  for (const f of fields) {
    const read = readField(f, base);
    byQ.set(f.field.q, [...(byQ.get(f.field.q) ?? []), { result: scoreFieldPoints(f.field, read.columns), proposal: read.proposal }]);
  }
  return [...byQ].sort(([a], [b]) => a - b).map(([q, parts]) => {
    const r = questionScoreFromFields(parts.map((p) => p.result));
    if (r.status !== 'review') return { q, status: r.status, points: r.status === 'ok' ? r.points : null, reason: null };
    const proposal = parts.some((p) => p.proposal === null) || parts.every((p) => p.proposal === 0) ? null : parts.reduce((sum, p) => sum + p.proposal!, 0);
    return { q, status: r.status, points: null, reason: r.reason, proposal };
  });
}

/**
 * What the batch job stores beside the answers (docs/grading.md "Totals"): `s<q>` the points as
 * text ('' when blank or unsure) and, for a field a person must look at, the flag `score-<reason>`.
 * The totals count only points without a flag; the rest stays 未評分 for a teacher to grade.
 */
export function scoreEntries(scores: readonly ScoreReading[] | undefined): { answers: Record<string, string>; flags: Record<string, string> } {
  const answers: Record<string, string> = {};
  const flags: Record<string, string> = {};
  for (const s of scores ?? []) {
    answers[`s${s.q}`] = s.points === null ? '' : String(s.points);
    if (s.status === 'review') flags[`s${s.q}`] = `score-${s.reason}`;
  }
  return { answers, flags };
}
