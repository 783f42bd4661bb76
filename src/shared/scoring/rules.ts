import type { QKind, Rule } from '../schemas/scores';

/**
 * The scoring rules (docs/scores.md "Rules"): pure functions from one question of the key and one
 * student's read answer to the points earned. Nothing here touches the database, so changing the
 * key re-scores every student at once from the answers already read.
 *
 * - single choice, true/false: 'all' — the answer (or one of the accepted answers) earns the points.
 * - multi-choice: 'all' — exactly the key's set of options; or 'partial', the Taiwanese
 *   college-entrance rule: n options, k = options wrongly marked + options wrongly left unmarked,
 *   points × (n − 2k) / n, never below 0.
 * - numeric: 'exact' — the row's marked digit/minus equals the key.
 * - blank earns 0; a one-mark question read `multiple` earns 0 unless review corrected it.
 * - bonus: everyone earns the points; dropped: counts for no one and not in the maximum.
 * - a question with no answer in the key (and not bonus) is not scored yet: like dropped.
 */

export interface ScoringQuestion {
  kind: QKind;
  /** The option values in map order. */
  options: readonly string[];
  answer: string;
  accepted: readonly string[];
  points: number;
  rule: Rule;
  bonus: boolean;
  dropped: boolean;
}

/** Points and scores are kept to hundredths (a partial 2 × 3/5 = 1.2). */
export const round2 = (n: number): number => Math.round(n * 100 + Number.EPSILON * 100) / 100;

/** The rules each kind may use; the first is its default. */
export const RULES_OF: Record<QKind, readonly Rule[]> = {
  single: ['all'],
  truefalse: ['all'],
  numeric: ['exact'],
  multi: ['all', 'partial'],
};

/** The rule a kind uses when asked for `rule`: 'all' and 'exact' mean the same on one-mark questions. */
export function ruleFor(kind: QKind, rule: Rule | undefined): Rule | null {
  if (rule === undefined) return RULES_OF[kind][0];
  if (RULES_OF[kind].includes(rule)) return rule;
  if (kind !== 'multi' && rule !== 'partial') return RULES_OF[kind][0];
  return null;
}

/** A question that counts toward scores and the maximum. */
export const isScored = (q: Pick<ScoringQuestion, 'answer' | 'bonus' | 'dropped'>): boolean => !q.dropped && (q.bonus || q.answer !== '');

/**
 * The option values a marked string is made of, in map order, or null when it is not made of
 * this question's options. Values may be longer than one character ('10', '11' on a 12-option
 * number row); `ordered` requires them in map order (how the reader writes them), which makes
 * the split unique ('110' is 1 + 10, never 11 + 0).
 */
export function splitMarks(text: string, options: readonly string[], ordered = true): string[] | null {
  const found: number[] = [];
  const walk = (at: number): boolean => {
    if (at === text.length) return true;
    for (let i = 0; i < options.length; i++) {
      const value = options[i];
      if (!value || !text.startsWith(value, at) || found.includes(i)) continue;
      if (ordered && found.length > 0 && i <= found[found.length - 1]) continue;
      found.push(i);
      if (walk(at + value.length)) return true;
      found.pop();
    }
    return false;
  };
  if (!walk(0)) return null;
  return found.sort((a, b) => a - b).map((i) => options[i]);
}

/**
 * A typed key answer in the question's own form, or null when it is not one: one option for
 * single/true-false/numeric, one or more distinct options (any order, stored in map order) for
 * multi-choice. '' stays '' (no answer yet).
 */
export function normaliseAnswer(kind: QKind, options: readonly string[], text: string): string | null {
  const typed = options.every((o) => o === o.toUpperCase()) ? text.trim().toUpperCase() : text.trim();
  if (typed === '') return '';
  if (kind === 'truefalse') return options.includes(typed) ? typed : (TRUE_FALSE_ALIASES[typed] ?? null);
  if (kind !== 'multi') return options.includes(typed) ? typed : null;
  const marks = splitMarks(typed, options, false);
  return marks && marks.length > 0 ? marks.join('') : null;
}

/** What people type for 是/否 on a keyboard. */
const TRUE_FALSE_ALIASES: Record<string, string> = { O: '是', '○': '是', T: '是', Y: '是', V: '是', X: '否', '×': '否', F: '否', N: '否' };

/**
 * The share of the points one answer earns, 0 … 1, by the question's rule alone (bonus and
 * dropped aside): what item analysis counts as correct.
 */
export function credit(question: ScoringQuestion, response: string, flag?: string): number {
  return compiled(question).credit(response, flag);
}

/** The option values a student marked, in map order ([] for a blank or an unreadable string). */
export function marksOf(question: ScoringQuestion, response: string): readonly string[] {
  return compiled(question).marks(response);
}

interface Compiled {
  credit(response: string, flag?: string): number;
  marks(response: string): readonly string[];
}

/**
 * A question's rule prepared once: the key's option sets split, every distinct answer scored
 * once (a class marks a handful of distinct strings per question), so a grade of 1,000 students
 * re-scores in milliseconds. Kept per question object: a changed key is a new object.
 */
const prepared = new WeakMap<ScoringQuestion, Compiled>();

function compiled(question: ScoringQuestion): Compiled {
  let found = prepared.get(question);
  if (found) return found;
  const keys = [question.answer, ...question.accepted].filter((k) => k !== '');
  const wanted = keys.map((k) => splitMarks(k, question.options, false) ?? []);
  const marks = new Map<string, readonly string[]>();
  const credits = new Map<string, number>();
  const marksOfResponse = (response: string) => {
    let m = marks.get(response);
    if (!m) {
      m = response === '' ? [] : (splitMarks(response, question.options) ?? []);
      marks.set(response, m);
    }
    return m;
  };
  const score = (response: string, doubled: boolean): number => {
    if (response === '' || question.answer === '') return 0;
    if (doubled && question.kind !== 'multi') return 0;
    if (question.kind !== 'multi') return keys.includes(response) ? 1 : 0;
    const marked = marksOfResponse(response);
    if (marked.length === 0) return 0;
    let best = 0;
    for (const set of wanted) best = Math.max(best, question.rule === 'partial' ? partialShare(question.options.length, marked, set) : sameSet(marked, set) ? 1 : 0);
    return best;
  };
  found = {
    marks: marksOfResponse,
    credit: (response, flag) => {
      const doubled = flag === 'multiple';
      const id = doubled ? `!${response}` : response;
      let c = credits.get(id);
      if (c === undefined) {
        c = score(response, doubled);
        credits.set(id, c);
      }
      return c;
    },
  };
  prepared.set(question, found);
  return found;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));

/** n options, k wrong (marked but not in the key, or in the key but unmarked): (n − 2k) / n, at least 0. */
export function partialShare(n: number, marked: readonly string[], wanted: readonly string[]): number {
  if (n <= 0) return 0;
  const k = marked.filter((v) => !wanted.includes(v)).length + wanted.filter((v) => !marked.includes(v)).length;
  return Math.max(0, (n - 2 * k) / n);
}

/**
 * The one per-question rule: an answer's share of the question's points (1 = fully right) and the
 * points it earns, or null when the question counts for no one (dropped, not keyed). A bonus
 * question earns everyone its points. Review's corrections carry the flag `corrected`, so a
 * corrected double mark is scored as decided.
 */
export function questionResult(question: ScoringQuestion, response: string, flag?: string): { share: number; points: number } | null {
  if (!isScored(question)) return null;
  if (question.bonus) return { share: 1, points: question.points };
  const share = credit(question, response, flag);
  return { share, points: round2(question.points * share) };
}

/** One student's choice score: each counted question's points (by question number), and whether they earned all of them. */
export function scoreStudent(questions: readonly (ScoringQuestion & { q: number })[], answers: Readonly<Record<string, string>>, flags: Readonly<Record<string, string>>) {
  const points: Record<string, number> = {};
  const correct: Record<string, boolean> = {};
  let score = 0;
  for (const question of questions) {
    const q = String(question.q);
    const result = questionResult(question, answers[q] ?? '', flags[q]);
    if (!result) continue;
    points[q] = result.points;
    correct[q] = result.share === 1;
    score += result.points;
  }
  return { score: round2(score), points, correct };
}

/** The most a student can score: every counted question's points. */
export const maxScore = (questions: readonly ScoringQuestion[]): number => round2(questions.filter(isScored).reduce((sum, q) => sum + q.points, 0));
