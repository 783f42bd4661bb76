import type { QuestionKind } from '../geometry/card-geometry';

// Fast entry of an answer key (docs/scores.md "Entering a key"): a typed string such as `ABDCA`
// filling consecutive questions from question N, or a column pasted from a spreadsheet (one answer
// a line, or `題號<TAB>答案<TAB>配分`). Pure: the screen applies the fills only when the whole
// entry is valid, so one bad letter changes nothing and names its question.

export interface EntryQuestion {
  q: number;
  showno: string;
  kind: Exclude<QuestionKind, 'free'>;
  options: readonly string[];
}

/** What an entry sets on one question; a field left out stays as it was. */
export interface KeyFill {
  q: number;
  answer?: string;
  points?: number;
}

export type EntryErrorKey =
  | 'scores.entry.empty'
  | 'scores.entry.noQuestion'
  | 'scores.entry.badOption'
  | 'scores.entry.oneOnly'
  | 'scores.entry.tooMany'
  | 'scores.entry.badPoints';

export interface EntryError {
  key: EntryErrorKey;
  params: Record<string, string | number>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: EntryError };

/** The most points one question may carry. */
export const MAX_POINTS = 1000;

/** Other ways people write 是 / 否 on a true/false question. */
const TRUE_FALSE_ALIASES: Record<string, string> = { O: '是', '○': '是', T: '是', Y: '是', V: '是', X: '否', '×': '否', F: '否', N: '否' };
/** Between the options of one multi-choice answer, or between accepted answers. */
const SEPARATORS = /[\s,，、;；/]+/;

const fail = (key: EntryErrorKey, params: EntryError['params'] = {}): { ok: false; error: EntryError } => ({ ok: false, error: { key, params } });

/** The option at the start of `text` (longest first, so option 12 wins over 1), or null. */
function optionAt(question: EntryQuestion, text: string): string | null {
  const upper = text.toUpperCase();
  const alias = question.kind === 'truefalse' ? TRUE_FALSE_ALIASES[upper[0]] : undefined;
  if (alias && question.options.includes(alias)) return alias;
  const found = [...question.options].sort((a, b) => b.length - a.length).find((o) => upper.startsWith(o.toUpperCase()));
  return found ?? null;
}

/** How much of `text` an option took (an alias is one character). */
const taken = (text: string, option: string) => (text.toUpperCase().startsWith(option.toUpperCase()) ? option.length : 1);

/**
 * One answer as typed in a cell (`AC`, `a, c`, `12`, `O`): its options in printed order, joined as
 * the reader joins marks. Single-choice, true/false and numeric rows take exactly one option.
 */
export function parseAnswer(question: EntryQuestion, text: string): Parsed<string> {
  const chosen = new Set<string>();
  for (const part of text.trim().split(SEPARATORS).filter(Boolean)) {
    for (let rest = part; rest.length > 0; ) {
      const option = optionAt(question, rest);
      if (!option) return badOption(question, rest);
      chosen.add(option);
      rest = rest.slice(taken(rest, option));
    }
  }
  const answer = question.options.filter((o) => chosen.has(o)).join('');
  if (chosen.size > 1 && question.kind !== 'multi') return fail('scores.entry.oneOnly', { showno: question.showno, value: text.trim() });
  return { ok: true, value: answer };
}

function badOption(question: EntryQuestion, rest: string) {
  return fail('scores.entry.badOption', { showno: question.showno, value: [...rest][0], options: question.options.join(' ') });
}

/** Accepted alternatives typed as `B, CD`: each a whole answer. */
export function parseAccepted(question: EntryQuestion, text: string): Parsed<string[]> {
  const out: string[] = [];
  for (const part of text.split(/[,，、;；]+/).map((p) => p.trim()).filter(Boolean)) {
    const answer = parseAnswer(question, part);
    if (!answer.ok) return answer;
    if (answer.value && !out.includes(answer.value)) out.push(answer.value);
  }
  return { ok: true, value: out };
}

const tooMany = (questions: readonly EntryQuestion[], at: number) => fail('scores.entry.tooMany', { showno: questions[at].showno, count: questions.length - at });

function startAt(questions: readonly EntryQuestion[], from: string): Parsed<number> {
  const at = questions.findIndex((q) => q.showno === from.trim());
  return at < 0 ? fail('scores.entry.noQuestion', { showno: from.trim() }) : { ok: true, value: at };
}

/**
 * A typed string from question `from` on: one option a question (`ABDCA`), a multi-choice answer
 * in brackets (`A(BD)C`); spaces and commas are ignored.
 */
export function fillFromString(questions: readonly EntryQuestion[], from: string, text: string): Parsed<KeyFill[]> {
  const start = startAt(questions, from);
  if (!start.ok) return start;
  const chars = text.replace(/[\s,，]+/g, '');
  if (!chars) return fail('scores.entry.empty');
  const fills: KeyFill[] = [];
  for (let rest = chars, at = start.value; rest.length > 0; at++) {
    const question = questions[at];
    if (!question) return tooMany(questions, start.value);
    const group = /^[(（]([^)）]*)[)）]/.exec(rest);
    const cell = group ? group[1] : rest;
    const option = optionAt(question, cell);
    if (!option) return badOption(question, cell || rest);
    const answer = group ? parseAnswer(question, group[1]) : { ok: true as const, value: option };
    if (!answer.ok) return answer;
    fills.push({ q: question.q, answer: answer.value });
    rest = rest.slice(group ? group[0].length : taken(rest, option));
  }
  return { ok: true, value: fills };
}

function parsePoints(question: EntryQuestion, text: string): Parsed<number | undefined> {
  if (!text.trim()) return { ok: true, value: undefined };
  const points = Number(text.trim());
  if (!Number.isFinite(points) || points < 0 || points > MAX_POINTS) return fail('scores.entry.badPoints', { showno: question.showno, value: text.trim(), max: MAX_POINTS });
  return { ok: true, value: points };
}

/**
 * A pasted spreadsheet column: one answer a line for consecutive questions from `from`, or rows
 * of `題號<TAB>答案[<TAB>配分]`. A header row (no question number) is skipped; an empty answer
 * leaves the question's answer as it was.
 */
export function parsePasted(questions: readonly EntryQuestion[], text: string, from: string): Parsed<KeyFill[]> {
  const lines = text.replace(/\r/g, '').split('\n');
  while (lines.length > 0 && !lines.at(-1)!.trim()) lines.pop();
  if (lines.length === 0) return fail('scores.entry.empty');
  const numbered = lines.some((l) => l.includes('\t'));
  const byShowno = new Map(questions.map((q) => [q.showno, q]));
  const start = numbered ? { ok: true as const, value: 0 } : startAt(questions, from);
  if (!start.ok) return start;
  // A first row whose first cell is no question number is the column titles (題號, 答案, 配分).
  const isTitles = (line: string) => !byShowno.has(line.split('\t')[0].trim()) && Number.isNaN(Number(line.split('\t')[0]));
  const rows = numbered ? lines.filter((l, i) => l.trim() && !(i === 0 && isTitles(l))) : lines;
  if (!numbered && rows.length > questions.length - start.value) return tooMany(questions, start.value);
  const fills: KeyFill[] = [];
  for (const [i, line] of rows.entries()) {
    const cells = numbered ? line.split('\t') : [line];
    const question = numbered ? byShowno.get(cells[0].trim()) : questions[start.value + i];
    if (!question) return fail('scores.entry.noQuestion', { showno: cells[0].trim() });
    const answer = parseAnswer(question, numbered ? (cells[1] ?? '') : cells[0]);
    if (!answer.ok) return answer;
    const points = parsePoints(question, numbered ? (cells[2] ?? '') : '');
    if (!points.ok) return points;
    const fill: KeyFill = { q: question.q, ...(answer.value ? { answer: answer.value } : {}), ...(points.value !== undefined ? { points: points.value } : {}) };
    if (fill.answer !== undefined || fill.points !== undefined) fills.push(fill);
  }
  return { ok: true, value: fills };
}
