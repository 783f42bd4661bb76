import type { CardGeometryV2, DigitBubble, Rect } from '../../../src/shared/geometry/card-geometry';
import type { QuestionStatus } from '../../../src/scan/page-reading';
import type { PencilKind, Rng } from './pencil';

/**
 * One student's pencil on a card, and what a correct reader must report for it. Rates follow the
 * issue: 5 % of questions blank, 3 % double marks on single-choice rows, some partial fills and
 * erased changes of mind (a smudge on one option, the mark on another); `faint` adds a mark no
 * reader should decide, which must come back `ambiguous`.
 */
export type MarkRates = { blank: number; double: number; partial: number; smudge: number; faint: number };
export const STUDENT_RATES: MarkRates = { blank: 0.05, double: 0.03, partial: 0.12, smudge: 0.06, faint: 0 };

/**
 * `ambiguous` with `ignoring` for a question with a faint tick: a tick's intent is unknowable, so
 * a reader may flag it, or read it as no mark (then `ignoring` is the status it must report) —
 * never as a mark without a flag.
 */
export type ExpectedQuestion = { q: number; answer: string; status: QuestionStatus; ignoring?: QuestionStatus };
export type PencilMark = { rect: Rect; kind: PencilKind };
export type StudentSheet = { marks: Map<number, PencilMark[]>; expected: Map<number, ExpectedQuestion[]>; digits: { grade: number; class: number; seat: number } };

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

function sample<T>(rng: Rng, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]);
  return out;
}

export function planStudent(map: CardGeometryV2, rng: Rng, rates: MarkRates, digits: StudentSheet['digits']): StudentSheet {
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
    for (const b of chosen) add(group.page, { rect: b.rect, kind: rng() < rates.partial ? 'partial' : 'fill' });
    const faint = rng() < rates.faint && others.length > 0;
    if (faint) add(group.page, { rect: pick(rng, others).rect, kind: 'faint' });
    const answer = bubbles.filter((b) => chosen.includes(b)).map((b) => b.value).join('');
    const status: QuestionStatus = chosen.length === 0 ? 'blank' : chosen.length > 1 && !multi ? 'multiple' : 'ok';
    const e: ExpectedQuestion = faint ? { q: group.q, answer, status: 'ambiguous', ignoring: status } : { q: group.q, answer, status };
    expected.set(group.page, [...(expected.get(group.page) ?? []), e]);
  }
  const header = map.header;
  if (header) {
    const fillNumber = (grid: DigitBubble[], value: number) => {
      const columns = Math.max(...grid.map((b) => b.column)) + 1;
      const text = String(value).padStart(columns, '0');
      for (const b of grid) if (Number(text[b.column]) === b.digit) add(1, { rect: b.rect, kind: 'fill' });
    };
    fillNumber(header.gradeBubbles, digits.grade);
    fillNumber(header.classBubbles, digits.class);
    fillNumber(header.seatBubbles, digits.seat);
  }
  return { marks, expected, digits };
}
