import type { QuestionGroup, Rect, ScoreField } from './card-geometry';
import { ZScoreColumn } from './card-geometry';
import { OMR_KIND } from './markup-attributes';
import type { RawMark } from './measure-marks';
import { expectedScoreBubbles } from './score-field-layout';

/**
 * The map's score fields (docs/omr-geometry.md "Score fields") from the measured `score-field`
 * outlines and `score` bubbles of one render. Every bubble must sit inside a field of its own
 * question, every field must hold exactly the bubbles its max prints, and its question must be a
 * free answer on the same page: a render that breaks one of these would print a field the reader
 * misreads, so the conversion fails instead.
 */
export function scoreFieldsFromMarks(marks: readonly RawMark[], groups: readonly QuestionGroup[], rectOf: (mark: RawMark) => Rect): ScoreField[] {
  const fields: ScoreField[] = [];
  const outlines = marks.filter((m) => m.omr === OMR_KIND.scoreField);
  for (const outline of outlines) {
    const q = Number(outline.q);
    const max = outline.max == null || outline.max.trim() === '' ? Number.NaN : Number(outline.max);
    // The contract's range is checked once more when the whole map is parsed; here it must be a number the layout can lay out.
    if (!Number.isFinite(max) || max <= 0 || max > 100) throw new Error(`score field of question ${outline.q} on page ${outline.page} has data-max="${outline.max}"`);
    if (!groups.some((g) => g.page === outline.page && g.q === q && g.kind === 'free')) {
      throw new Error(`score field of question ${outline.q} on page ${outline.page} is not inside a free-answer question`);
    }
    fields.push({ page: outline.page, q, showno: outline.showno ?? '', max, rect: rectOf(outline), bubbles: [] });
  }
  for (const mark of marks.filter((m) => m.omr === OMR_KIND.scoreBubble)) {
    const rect = rectOf(mark);
    const field = fields.find((f) => f.page === mark.page && f.q === Number(mark.q) && inside(rect, f.rect));
    if (!field) throw new Error(`score bubble of question ${mark.q} on page ${mark.page} lies outside its score field`);
    const column = ZScoreColumn.safeParse(mark.column);
    if (!column.success) throw new Error(`score bubble of question ${mark.q} has data-column="${mark.column}"`);
    field.bubbles.push({ column: column.data, points: Number(mark.value), rect });
  }
  for (const field of fields) {
    const half = field.bubbles.some((b) => b.column === 'half');
    const expected = expectedScoreBubbles(field.max, half);
    const key = (b: ScoreField['bubbles'][number]) => `${b.column}:${b.points}`;
    // The map lists them in the layout's order (tens, units, half), whatever order the markup has.
    field.bubbles.sort((a, b) => expected.indexOf(key(a)) - expected.indexOf(key(b)));
    const found = field.bubbles.map(key);
    if (found.length !== expected.length || expected.some((k, i) => found[i] !== k)) {
      throw new Error(`score field of question ${field.q} on page ${field.page} (max ${field.max}) has bubbles ${found.join(',')} instead of ${expected.join(',')}`);
    }
  }
  return fields;
}

const inside = (a: Rect, b: Rect) => a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;

/** Score bubbles in the form the layout id hashes, so a field moved or changed gets a new layout. */
export const scoreBubblesForLayout = (fields: readonly ScoreField[]) =>
  fields.flatMap((f) => f.bubbles.map((b) => ({ page: f.page, q: f.q, value: `${b.column}:${b.points}`, rect: b.rect })));
