import type { CardGeometryV2, DigitBubble, Rect } from '../../../src/shared/geometry/card-geometry';
import type { QuestionStatus } from '../../../src/scan/page-reading';
import type { PencilKind, Rng } from './pencil';

/**
 * One student's pencil on a card, and what a correct reader must report for it. Rates follow the
 * issue: 5 % of questions blank, 3 % double marks on single-choice rows, some partial fills and
 * erased changes of mind (a smudge on one option, the mark on another); `faint` adds a mark no
 * reader should decide, which must come back `ambiguous`; `light` draws that share of the marks in
 * light pencil (a mark: read as one, or flagged, never blank). Rates left at 0 draw nothing from
 * the random stream, so existing corpora stay as they were.
 */
export type MarkRates = { blank: number; double: number; partial: number; light: number; smudge: number; faint: number; cancel?: number; stray?: number };
export const STUDENT_RATES: MarkRates = { blank: 0.05, double: 0.03, partial: 0.12, light: 0, smudge: 0.06, faint: 0 };

/**
 * How a student marks, kept through their whole card (habits.ts draws one per student): `fill` as
 * the card asks (with partial fills), or every mark a tick, a cross, a dot, a scribble, a blue
 * pen fill, or a light pencil fill. `cancel` (rate) crosses out a filled option and fills another:
 * a cancelled answer, which a person must look at; `stray` (rate a question) runs a pencil line
 * across the row, which must never become a mark.
 */
export type Habit = 'fill' | 'tick' | 'cross' | 'dot' | 'scribble' | 'pen' | 'light';
const HABIT_KIND: Record<Exclude<Habit, 'fill'>, PencilKind> = { tick: 'tick', cross: 'cross', dot: 'dot', scribble: 'scribble', pen: 'pen', light: 'light' };

/**
 * `ambiguous` with `ignoring` for a question with a faint tick: a tick's intent is unknowable, so
 * a reader may flag it, or read it as no mark (then `ignoring` is the status it must report) —
 * never as a mark without a flag.
 */
/** `light`: the question holds a light pencil mark; `bwLost`: …on a black-and-white scan, which may have wiped it out. */
export type ExpectedQuestion = { q: number; answer: string; status: QuestionStatus; ignoring?: QuestionStatus; light?: boolean; bwLost?: boolean };
export type PencilMark = { rect: Rect; kind: PencilKind };
export type StudentSheet = { marks: Map<number, PencilMark[]>; expected: Map<number, ExpectedQuestion[]>; digits: { grade: number; class: number; seat: number } };

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

function sample<T>(rng: Rng, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]);
  return out;
}

export function planStudent(map: CardGeometryV2, rng: Rng, rates: MarkRates, digits: StudentSheet['digits'], habit: Habit = 'fill'): StudentSheet {
  const marks = new Map<number, PencilMark[]>();
  const expected = new Map<number, ExpectedQuestion[]>();
  const add = (page: number, mark: PencilMark) => marks.set(page, [...(marks.get(page) ?? []), mark]);
  for (const group of map.groups) {
    const bubbles = map.bubbles.filter((b) => b.q === group.q);
    if (bubbles.length === 0) continue;
    const multi = group.kind === 'multi';
    const r = rng();
    let chosen: typeof bubbles = [];
    if (r >= rates.blank) chosen = r < rates.blank + rates.double && !multi ? sample(rng, bubbles, 2) : sample(rng, bubbles, multi ? 1 + Math.floor(rng() * 3) : 1);
    const others = bubbles.filter((b) => !chosen.includes(b));
    if (rng() < rates.smudge && others.length) add(group.page, { rect: pick(rng, others).rect, kind: 'smudge' });
    const light = new Set(habit === 'light' ? chosen : chosen.filter(() => rates.light > 0 && rng() < rates.light));
    const cancelled = !!rates.cancel && habit === 'fill' && chosen.length === 1 && others.length > 0 && rng() < rates.cancel;
    if (cancelled) add(group.page, { rect: pick(rng, others).rect, kind: 'cancel' });
    for (const b of chosen) add(group.page, { rect: b.rect, kind: light.has(b) ? 'light' : habit !== 'fill' ? HABIT_KIND[habit] : rng() < rates.partial ? 'partial' : 'fill' });
    const faint = rng() < rates.faint && others.length > 0;
    if (faint) add(group.page, { rect: pick(rng, others).rect, kind: 'faint' });
    const stray = !!rates.stray && rng() < rates.stray;
    if (stray) add(group.page, { rect: pick(rng, bubbles).rect, kind: 'stray' });
    const statusOf = (marks: typeof bubbles): QuestionStatus => (marks.length === 0 ? 'blank' : marks.length > 1 && !multi ? 'multiple' : 'ok');
    const answerOf = (marks: typeof bubbles) => bubbles.filter((b) => marks.includes(b)).map((b) => b.value).join('');
    // Beside a darker mark, a light one may be taken for an erased change of mind: read as the dark ones, or flagged.
    const dark = chosen.filter((b) => !light.has(b));
    const e: ExpectedQuestion = cancelled
      ? { q: group.q, answer: answerOf(chosen), status: 'ambiguous' }
      : faint
      ? { q: group.q, answer: answerOf(chosen), status: 'ambiguous', ignoring: statusOf(chosen) }
      : light.size > 0 && dark.length > 0
        ? { q: group.q, answer: answerOf(dark), status: 'ambiguous', ignoring: statusOf(dark) }
        : { q: group.q, answer: answerOf(chosen), status: statusOf(chosen) };
    if (light.size > 0) e.light = true;
    expected.set(group.page, [...(expected.get(group.page) ?? []), e]);
  }
  const header = map.header;
  if (header) {
    const fillNumber = (grid: DigitBubble[], value: number) => {
      const columns = Math.max(...grid.map((b) => b.column)) + 1;
      const text = String(value).padStart(columns, '0');
      for (const b of grid) if (Number(text[b.column]) === b.digit) add(1, { rect: b.rect, kind: habit === 'fill' ? 'fill' : HABIT_KIND[habit] });
    };
    fillNumber(header.gradeBubbles, digits.grade);
    fillNumber(header.classBubbles, digits.class);
    fillNumber(header.seatBubbles, digits.seat);
  }
  return { marks, expected, digits };
}
