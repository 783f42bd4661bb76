import type { QuestionKind } from '../shared/geometry/card-geometry';
import type { MarkStyle, QuestionReading, QuestionStatus, SheetStyle } from './page-reading';
import { CANCEL_ARMS, HABIT_CLEAN, LIGHT_ALONE, LIGHT_BESIDE_MARK, LIGHT_LEVEL, MARKED, RUBBED_OUT, STRAY_LINE, STROKE, UNMARKED } from './reading-thresholds';
import type { Stroke } from './bubble-fills';

/**
 * A question's answer and status from its bubbles' measures (bubble-fills.ts): fill, tone and,
 * when measured, the strokes inside it. Each bubble first gets a look (`lookOf`): a fill, a
 * cancelled fill (crossed out), a stroke shape (tick, cross, dot, circle, scribble, line), or
 * nothing clear. Then, per question: only fills, or only the page's own habit (a ticking
 * student's ticks on a page of ticks, …) with nothing else in the question, are certain; every
 * other intentional-looking stroke, light pencil or in-between fill makes the question
 * `ambiguous` with the reader's `proposal` — never `blank` (docs/scan-reading.md "Marks").
 */
export type Look = 'none' | 'fill' | 'cancelled' | 'tick' | 'cross' | 'dot' | 'circle' | 'scribble' | 'line';
/**
 * `level`: the bubble's own paper level — the median darkness of its interior where the page's
 * unmarked bubbles print nothing (no letter, no outline) — measured only where it matters (a
 * toned bubble without a fill): light pencil lies flat on the paper at one grey, an erasure's
 * haze is lighter, and the printed letter no longer blurs the two (docs/scan-reading.md).
 */
export type MeasuredBubble = { value: string; fill: number; tone: number; stroke?: Stroke; arms?: number; level?: number };
/** The page's own habit: a stroke look (tick, cross, dot, circle, scribble) or light pencil. */
export type Habit = Look | 'light';

const STROKE_LOOKS: ReadonlySet<Look> = new Set(['tick', 'cross', 'dot', 'circle', 'scribble', 'line']);
/**
 * Habits a page may be read in without a person, when the whole page is marked that way: pen
 * strokes (tick, cross, dot, circle — their shapes blur into each other on a small bubble, so
 * they count as one habit) or scribbles.
 */
const HABIT_LOOKS: ReadonlySet<Look> = new Set(['tick', 'cross', 'dot', 'circle', 'scribble']);
const PEN_STROKES: ReadonlySet<Look> = new Set(['tick', 'cross', 'dot', 'circle']);
const sameHabit = (look: Look, habit: Look) => look === habit || (PEN_STROKES.has(look) && PEN_STROKES.has(habit));

/** What a bubble holds, from its measures alone (the question and the page decide what it means). */
export function lookOf(b: MeasuredBubble): Look {
  if (b.fill >= MARKED) return (b.arms ?? 0) >= CANCEL_ARMS ? 'cancelled' : 'fill';
  const s = b.stroke;
  // A few dark samples spread across the bubble are a weak stroke still (a light tick): never a mark by itself, never blank.
  if (!s || s.dark < STROKE.weak || (s.dark < STROKE.present && Math.max(s.extentX, s.extentY) < 0.4)) return 'none';
  if (s.dark >= 0.45 && s.extentX >= 0.6 && s.extentY >= 0.6) return 'scribble';
  // A line across the row (a stray stroke, a ruler's edge): flat or straight.
  // A flat stroke that is also compact (thin ≥ 0.5) is a pressed dot, not a line.
  if ((s.extentY < 0.22 && s.thin < 0.5) || (s.thin < 0.3 && s.extentY <= 0.45)) return 'line';
  if (s.ring >= 0.75 && s.extentX >= 0.75 && s.extentY >= 0.7 && s.quadrants === 4) return 'circle';
  if (s.extentX <= 0.5 && s.extentY <= 0.6 && s.thin >= 0.5) return 'dot';
  if (s.quadrants === 4 && s.ring < 0.5 && s.thin >= 0.5) return 'cross';
  return 'tick';
}

const ONE_MARK: ReadonlySet<QuestionKind> = new Set(['single', 'truefalse', 'numeric']);

type Decision = { marked: MeasuredBubble[]; unsure: boolean; proposal: MeasuredBubble[] | null; style: MarkStyle | undefined };

/**
 * The core, for a question or one digit column. `habit`: the page's own non-fill style, whose
 * marks count as marks where nothing else is in the question.
 */
function decide(bubbles: readonly MeasuredBubble[], oneMark: boolean, habit: Habit | null): Decision {
  const looks = bubbles.map((b) => ({ b, look: lookOf(b) }));
  const fills = looks.filter((l) => l.look === 'fill').map((l) => l.b);
  const cancelled = looks.filter((l) => l.look === 'cancelled').map((l) => l.b);
  // Beside a clear fill, a stroke lighter than UNMARKED is a stray line or a rubbed-out mark, as it always was.
  // On a page of strokes, the habit's own stroke beside a fill is a second mark, not a faint tick.
  const habitual = (l: { b: MeasuredBubble; look: Look }) => habit !== null && habit !== 'light' && sameHabit(l.look, habit) && (l.b.stroke?.dark ?? 0) >= STROKE.present;
  const strokes = looks.filter((l) => STROKE_LOOKS.has(l.look) && (fills.length === 0 || l.b.fill > UNMARKED || habitual(l)));
  const lightBound = fills.length > 0 ? LIGHT_BESIDE_MARK : LIGHT_ALONE;
  const rest = looks.filter((l) => l.look === 'none' || (STROKE_LOOKS.has(l.look) && !strokes.includes(l)));
  const lights = rest.filter((l) => l.b.tone >= lightBound).map((l) => l.b);
  const hazes = rest.filter((l) => l.b.fill > UNMARKED && l.b.tone < lightBound).map((l) => l.b);
  const strokeLooks = new Set(strokes.map((s) => s.look));
  const styleOf = (): MarkStyle | undefined => {
    const kinds = new Set<MarkStyle>([...(fills.length ? ['fill' as const] : []), ...(cancelled.length ? ['cancelled' as const] : []), ...(lights.length ? ['light' as const] : [])]);
    for (const look of strokeLooks) if (look !== 'line') kinds.add(look as MarkStyle);
    if (kinds.size === 0) return undefined;
    if (cancelled.length) return 'cancelled';
    return kinds.size === 1 ? [...kinds][0] : 'mixed';
  };
  const style = styleOf();
  const read = habit ? habitMarks(looks, fills, cancelled, strokes, habit) : null;
  if (read) return { marked: read, unsure: false, proposal: null, style };
  const unsure = cancelled.length > 0 || strokes.length > 0 || lights.length > 0 || hazes.length > 0;
  if (!unsure) return { marked: fills, unsure: false, proposal: null, style };
  return { marked: fills, unsure: true, proposal: proposalOf(fills, cancelled, strokes, lights, oneMark), style };
}

/** Nothing there: no fill, no tone, no dark sample (harsh scans give an erased smudge a few). */
const clean = (b: MeasuredBubble) => b.fill <= HABIT_CLEAN.fill && b.tone < HABIT_CLEAN.tone && (b.stroke?.dark ?? 0) < HABIT_CLEAN.dark;
/**
 * An erasure's haze beside the student's mark: no stroke, no fill, toned less than any light
 * mark beside a mark may be (LIGHT_BESIDE_MARK), and its own paper level measured well under
 * light pencil's (LIGHT_LEVEL.erased) — the same call a fill page makes beside a clear fill.
 */
const erased = (b: MeasuredBubble) => b.fill <= UNMARKED && b.tone < LIGHT_BESIDE_MARK && (b.stroke?.dark ?? 0) < HABIT_CLEAN.dark && b.level !== undefined && b.level <= LIGHT_LEVEL.erased;
/** Light pencil on a page written in it: its paper level at LIGHT_LEVEL.mark or more, and nothing else in it (no stroke, no fill). */
const lightMark = (b: MeasuredBubble) => b.fill < MARKED && b.tone >= LIGHT_LEVEL.markTone && (b.stroke?.dark ?? 0) < HABIT_CLEAN.dark && b.level !== undefined && b.level >= LIGHT_LEVEL.mark;

/**
 * The page's habit, alone in its question, is the student's mark — read without a person when
 * nothing else in the question could be another mark: every other bubble clean, an erasure
 * beside the mark, or (beside strokes) a stray line much lighter than them. null: not certain.
 */
function habitMarks(looks: { b: MeasuredBubble; look: Look }[], fills: MeasuredBubble[], cancelled: MeasuredBubble[], strokes: { b: MeasuredBubble; look: Look }[], habit: Habit): MeasuredBubble[] | null {
  if (cancelled.length > 0) return null;
  const darkOf = (b: MeasuredBubble) => b.stroke?.dark ?? 0;
  if (habit === 'light') {
    if (fills.length > 0 || strokes.some((s) => s.look !== 'line')) return null;
    const marks = looks.filter((l) => lightMark(l.b)).map((l) => l.b);
    // A pencil line across the row beside light marks: dark samples, but no fill and no light pencil's tone.
    const strayLine = (b: MeasuredBubble) => strokes.some((s) => s.b === b) && b.fill <= UNMARKED && b.tone < HABIT_CLEAN.tone;
    const others = looks.filter((l) => !marks.includes(l.b)).map((l) => l.b);
    return marks.length > 0 && others.every((b) => clean(b) || erased(b) || strayLine(b)) ? marks : null;
  }
  // A pressed dot or a heavy tick can reach a fill: on a page of strokes it is a mark like the others.
  const own = strokes.filter((s) => s.look !== 'line' && darkOf(s.b) >= STROKE.present);
  if (own.length === 0 || !own.every((s) => sameHabit(s.look, habit))) return null;
  const weakest = Math.min(...own.map((s) => darkOf(s.b)));
  // Beside the marks, a line much lighter than them is a stray pencil line; a weak stroke far lighter still, a rubbed-out one.
  const faint = strokes.filter((s) => !own.includes(s));
  if (!faint.every((s) => s.b.fill <= UNMARKED && darkOf(s.b) <= (s.look === 'line' ? STRAY_LINE : RUBBED_OUT) * weakest)) return null;
  const others = looks.filter((l) => !strokes.some((s) => s.b === l.b)).map((l) => l.b);
  return others.every((b) => fills.includes(b) || clean(b) || erased(b)) ? [...fills, ...own.map((s) => s.b)] : null;
}

/**
 * What the reader believes when it is not sure: the clear fills when there are any (the rest is
 * an erasure, a stray line, a cancelled answer); else the one stroke or light mark that stands
 * out (a single-mark question), or every one of them (multi-choice); null when nothing does.
 */
function proposalOf(fills: MeasuredBubble[], cancelled: MeasuredBubble[], strokes: { b: MeasuredBubble; look: Look }[], lights: MeasuredBubble[], oneMark: boolean): MeasuredBubble[] | null {
  if (fills.length > 0) return oneMark && fills.length > 1 ? null : fills;
  if (cancelled.length > 0) return null;
  const candidates = [...strokes.filter((s) => s.look !== 'line').map((s) => s.b), ...lights];
  if (candidates.length === 0) return null;
  if (!oneMark) return candidates;
  const strength = (b: MeasuredBubble) => (b.stroke?.dark ?? 0) + b.fill + b.tone;
  const ranked = [...candidates].sort((a, b) => strength(b) - strength(a));
  return ranked.length === 1 || strength(ranked[0]) >= 1.5 * strength(ranked[1]) ? [ranked[0]] : null;
}

const join = (bubbles: readonly MeasuredBubble[], all: readonly MeasuredBubble[]) => all.filter((b) => bubbles.includes(b)).map((b) => b.value).join('');

const habitOf = (sheetHabit: Habit | null): Habit | null => (sheetHabit === 'light' || (sheetHabit && HABIT_LOOKS.has(sheetHabit)) ? sheetHabit : null);

export function readQuestion(q: number, showno: string, kind: QuestionKind, bubbles: readonly MeasuredBubble[], sheetHabit: Habit | null = null): QuestionReading {
  const d = decide(bubbles, ONE_MARK.has(kind), habitOf(sheetHabit));
  // Every option marked (3 or more) is no answer anyone gives on purpose: a person looks.
  const allMarked = bubbles.length >= 3 && d.marked.length === bubbles.length && kind === 'multi';
  const status: QuestionStatus = d.unsure || allMarked ? 'ambiguous' : d.marked.length === 0 ? 'blank' : d.marked.length > 1 && ONE_MARK.has(kind) ? 'multiple' : 'ok';
  const fills: Record<string, number> = {};
  for (const b of bubbles) fills[b.value] = Math.round(b.fill * 1000) / 1000;
  const proposal = allMarked ? join(d.marked, bubbles) : d.proposal ? join(d.proposal, bubbles) : null;
  return {
    q, showno, kind, answer: join(d.marked, bubbles), status, fills,
    ...(status === 'ambiguous' ? { proposal } : {}),
    ...(d.style ? { style: d.style } : {}),
  };
}

/**
 * The page's style: the look most of its marked questions share, when it is not a fill — a
 * student who ticks, crosses, dots or writes in light pencil throughout (SHEET_STYLE_SHARE of
 * the questions with a mark, at least SHEET_STYLE_MIN of them).
 */
export const SHEET_STYLE_SHARE = 0.6;
export const SHEET_STYLE_MIN = 4;

export function sheetStyleOf(questions: readonly { bubbles: readonly MeasuredBubble[] }[]): { habit: Habit | null; sheetStyle: SheetStyle | null } {
  const counts = new Map<string, number>();
  const fine = new Map<string, number>();
  let marked = 0;
  for (const { bubbles } of questions) {
    const looks = bubbles.map(lookOf).filter((l) => l !== 'none' && l !== 'line');
    const light = looks.length === 0 && bubbles.some((b) => b.tone >= LIGHT_ALONE && b.fill < MARKED);
    if (looks.length === 0 && !light) continue;
    marked++;
    const kinds = new Set(light ? ['light'] : looks.map((l) => (PEN_STROKES.has(l) ? 'stroke' : l)));
    if (kinds.size !== 1) continue;
    const kind = [...kinds][0];
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    for (const look of looks) if (PEN_STROKES.has(look)) fine.set(look, (fine.get(look) ?? 0) + 1);
  }
  const [top, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  if (!top || top === 'fill' || n < SHEET_STYLE_MIN || n < marked * SHEET_STYLE_SHARE) return { habit: null, sheetStyle: null };
  if (top === 'light') return { habit: 'light', sheetStyle: 'light' };
  if (top === 'scribble') return { habit: 'scribble', sheetStyle: null };
  // Which stroke the page is mostly marked with (ticks, crosses, dots; a circle is shown as a tick).
  const [look] = [...fine.entries()].sort((a, b) => b[1] - a[1])[0];
  return { habit: look as Look, sheetStyle: look === 'cross' || look === 'dot' ? look : 'tick' };
}

/**
 * A number from a digit grid (grade, class, seat): one digit marked per column; a blank column
 * reads as 0 (a student who writes seat 7 may leave the tens blank). null when nothing is marked,
 * or any column is ambiguous or has two marks — the roster match is then a person's call.
 */
export function readDigits(bubbles: readonly (MeasuredBubble extends infer B ? Omit<B & { column: number; digit: number }, 'value'> : never)[], sheetHabit: Habit | null = null): number | null {
  const columns = [...new Set(bubbles.map((b) => b.column))].sort((a, b) => a - b);
  let text = '';
  let any = false;
  for (const column of columns) {
    const cells = bubbles.filter((b) => b.column === column).map((b) => ({ ...b, value: String(b.digit) }));
    const d = decide(cells, true, habitOf(sheetHabit));
    if (d.unsure || d.marked.length > 1) return null;
    if (d.marked.length === 1) any = true;
    text += d.marked.length === 1 ? d.marked[0].value : '0';
  }
  return any ? Number(text) : null;
}
