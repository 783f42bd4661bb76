import type { QuestionKind } from '../shared/geometry/card-geometry';
import type { QuestionReading, QuestionStatus } from './page-reading';
import { LIGHT_ALONE, LIGHT_BESIDE_MARK, MARKED, UNMARKED } from './reading-thresholds';

/**
 * A question's answer and status from its bubbles' fills and tones (bubble-fills.ts): marked values
 * in map order; `multiple` when a question that takes one mark (single, true/false, numeric) has
 * more; `ambiguous` as soon as one bubble sits between the thresholds, or is toned like light
 * pencil (reading-thresholds.ts) — whatever the others say, a person decides.
 */
export type MeasuredBubble = { value: string; fill: number; tone: number };

/** Bubbles of one question (or digit column) that nobody may decide: a fill between the thresholds, or light pencil. */
function unsure(bubbles: readonly { fill: number; tone: number }[], marked: number): boolean {
  const light = marked > 0 ? LIGHT_BESIDE_MARK : LIGHT_ALONE;
  return bubbles.some((b) => (b.fill > UNMARKED && b.fill < MARKED) || (b.fill < MARKED && b.tone >= light));
}

const ONE_MARK: ReadonlySet<QuestionKind> = new Set(['single', 'truefalse', 'numeric']);

export function readQuestion(q: number, showno: string, kind: QuestionKind, bubbles: readonly MeasuredBubble[]): QuestionReading {
  const marked = bubbles.filter((b) => b.fill >= MARKED);
  const status: QuestionStatus = unsure(bubbles, marked.length) ? 'ambiguous' : marked.length === 0 ? 'blank' : marked.length > 1 && ONE_MARK.has(kind) ? 'multiple' : 'ok';
  const fills: Record<string, number> = {};
  for (const b of bubbles) fills[b.value] = Math.round(b.fill * 1000) / 1000;
  return { q, showno, kind, answer: marked.map((b) => b.value).join(''), status, fills };
}

/**
 * A number from a digit grid (grade, class, seat): one digit marked per column; a blank column
 * reads as 0 (a student who writes seat 7 may leave the tens blank). null when nothing is marked,
 * or any column is ambiguous or has two marks — the roster match is then a person's call.
 */
export function readDigits(bubbles: readonly { column: number; digit: number; fill: number; tone: number }[]): number | null {
  const columns = [...new Set(bubbles.map((b) => b.column))].sort((a, b) => a - b);
  let text = '';
  let any = false;
  for (const column of columns) {
    const cells = bubbles.filter((b) => b.column === column);
    const marked = cells.filter((b) => b.fill >= MARKED);
    if (unsure(cells, marked.length)) return null;
    if (marked.length > 1) return null;
    if (marked.length === 1) any = true;
    text += marked.length === 1 ? String(marked[0].digit) : '0';
  }
  return any ? Number(text) : null;
}
