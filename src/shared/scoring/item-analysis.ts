import type { ItemAnalysis, ItemFlag } from '../schemas/scores';
import { correctedPointBiserial } from './reliability';
import { credit, marksOf, splitMarks, type ScoringQuestion } from './rules';

// Item analysis (docs/scores.md "Item analysis"), pure: per question, difficulty (the share of
// the points students earned: a partial answer counts as its share), discrimination (difficulty
// in the upper 27 % by total score minus the lower 27 %), the corrected point-biserial (the
// question against the rest of the score), the option distribution, and flags.
// A question is analysed by its rule alone — bonus and dropped questions too, so a teacher sees
// why one was dropped; a question without an answer in the key has no difficulty.

export const GROUP_SHARE = 0.27;

export type AnalysedQuestion = ScoringQuestion & { q: number; showno: string };
export interface AnalysedStudent {
  score: number;
  answers: Record<string, string>;
  flags: Record<string, string>;
  /** Points earned per counted question (the score's parts): the rest score leaves this question's out. */
  points?: Record<string, number>;
}

const ratio = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10000) / 10000);
const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

/** The upper and lower 27 % (at least one student each) by total score; ties keep the given order. */
export function extremeGroups<T extends { score: number }>(students: readonly T[]): { upper: T[]; lower: T[] } {
  const size = Math.max(1, Math.round(students.length * GROUP_SHARE));
  const sorted = [...students].sort((a, b) => b.score - a.score);
  return { upper: sorted.slice(0, size), lower: sorted.slice(-size) };
}

export function analyseItems(questions: readonly AnalysedQuestion[], students: readonly AnalysedStudent[]): ItemAnalysis[] {
  const { upper, lower } = extremeGroups(students);
  const n = students.length;
  return questions.map((question) => {
    const key = question.q.toString();
    const keyed = question.answer !== '';
    const share = (group: readonly AnalysedStudent[]) => mean(group.map((s) => credit(question, s.answers[key] ?? '', s.flags[key])));
    const difficulty = keyed && n > 0 ? ratio(share(students), 1) : null;
    const discrimination = keyed && n > 1 ? ratio(share(upper) - share(lower), 1) : null;
    const point_biserial = keyed
      ? correctedPointBiserial(
          students.map((s) => credit(question, s.answers[key] ?? '', s.flags[key])),
          students.map((s) => s.score),
          students.map((s) => s.points?.[key] ?? 0),
        )
      : null;
    const counts = new Map(question.options.map((o) => [o, 0]));
    let blank = 0;
    for (const s of students) {
      const response = s.answers[key] ?? '';
      if (response === '') blank += 1;
      for (const value of marksOf(question, response)) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const keyValues = keyOptions(question);
    const options = question.options.map((value) => ({ value, count: counts.get(value) ?? 0, share: ratio(counts.get(value) ?? 0, n), is_key: keyValues.has(value) }));
    const flags: ItemFlag[] = [];
    if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination');
    if (keyed && distractorAboveKey(question, options)) flags.push('distractor_above_key');
    return { q: question.q, showno: question.showno, kind: question.kind, key: question.answer, difficulty, discrimination, point_biserial, blank, options, flags };
  });
}

/** The options the key (and its accepted answers) mark. */
function keyOptions(question: AnalysedQuestion): Set<string> {
  const values = [question.answer, ...question.accepted].flatMap((k) => splitMarks(k, question.options, false) ?? []);
  return new Set(values);
}

/** A wrong option chosen by more students than the key (on multi-choice: than the key's least chosen option). */
function distractorAboveKey(question: AnalysedQuestion, options: readonly { value: string; count: number; is_key: boolean }[]): boolean {
  const answer = new Set(splitMarks(question.answer, question.options, false) ?? []);
  const keyCounts = options.filter((o) => answer.has(o.value)).map((o) => o.count);
  if (keyCounts.length === 0) return false;
  const least = Math.min(...keyCounts);
  return options.some((o) => !o.is_key && o.count > least);
}
