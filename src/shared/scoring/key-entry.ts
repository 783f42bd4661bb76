import { POINTS_MAX, ZPoints, type QKind } from '../schemas/scores';
import { normaliseAnswer } from './rules';

// Fast entry of an answer key (src/client/pages/scores/README.md "Entering a key fast"): a typed string such as `ABDCA`
// filling consecutive questions from question N, or a column pasted from a spreadsheet (one answer
// a line, or `題號<TAB>答案<TAB>配分`). Pure: the screen applies the fills only when the whole
// entry is valid, so one bad letter changes nothing and names its question.

export interface EntryQuestion {
  q: number;
  showno: string;
  kind: QKind;
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

/** Between the options of one multi-choice answer, or between accepted answers. */
const SEPARATORS = /[\s,，、;；/]+/;

const fail = (key: EntryErrorKey, params: EntryError['params'] = {}): { ok: false; error: EntryError } => ({ ok: false, error: { key, params } });

/**
 * The option at the start of `text` and how many characters it took: the longest option first
 * (option 12 before 1), else what the scoring rules accept for one mark (○ / × for 是 / 否).
 */
function optionAt(question: EntryQuestion, text: string): { option: string; length: number } | null {
  const upper = text.toUpperCase();
  const found = [...question.options].sort((a, b) => b.length - a.length).find((o) => upper.startsWith(o.toUpperCase()));
  if (found) return { option: found, length: found.length };
  const first = [...text][0] ?? '';
  const alias = first ? normaliseAnswer(question.kind, question.options, first) : null;
  return alias ? { option: alias, length: first.length } : null;
}

/**
 * One answer as typed in a cell (`AC`, `a, c`, `12`, `O`): its options in printed order, joined as
 * the reader joins marks. Single-choice, true/false and numeric rows take exactly one option.
 */
export function parseAnswer(question: EntryQuestion, text: string): Parsed<string> {
  const chosen = new Set<string>();
  for (let rest = text.trim().split(SEPARATORS).join(''); rest.length > 0; ) {
    const at = optionAt(question, rest);
    if (!at) return badOption(question, rest);
    chosen.add(at.option);
    rest = rest.slice(at.length);
  }
  if (chosen.size > 1 && question.kind !== 'multi') return fail('scores.entry.oneOnly', { showno: question.showno, value: text.trim() });
  const answer = normaliseAnswer(question.kind, question.options, question.options.filter((o) => chosen.has(o)).join(''));
  return answer === null ? badOption(question, text.trim()) : { ok: true, value: answer };
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
  for (let rest = chars, i = start.value; rest.length > 0; i++) {
    const question = questions[i];
    if (!question) return tooMany(questions, start.value);
    const group = /^[(（]([^)）]*)[)）]/.exec(rest);
    const cell = group ? group[1] : rest;
    const at = optionAt(question, cell);
    if (!at) return badOption(question, cell || rest);
    const answer = group ? parseAnswer(question, group[1]) : { ok: true as const, value: at.option };
    if (!answer.ok) return answer;
    fills.push({ q: question.q, answer: answer.value });
    rest = rest.slice(group ? group[0].length : at.length);
  }
  return { ok: true, value: fills };
}

function parsePoints(question: EntryQuestion, text: string): Parsed<number | undefined> {
  if (!text.trim()) return { ok: true, value: undefined };
  const points = ZPoints.safeParse(text.trim());
  if (!points.success) return fail('scores.entry.badPoints', { showno: question.showno, value: text.trim(), max: POINTS_MAX });
  return { ok: true, value: points.data };
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
