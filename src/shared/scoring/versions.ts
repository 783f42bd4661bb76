import type { QKind } from '../schemas/scores';
import { splitMarks } from './rules';

// Exam versions (A/B 卷, docs/scores.md "Versions"), pure: a version's sheet holds the master's
// questions in another order (and maybe its options shuffled). A version's order says, for each
// question as printed on that version, which master question it is and which master option each
// printed option stands for. A sheet is un-shuffled into master numbering before scoring, so one
// master key scores every version and a question's statistics combine all versions.

/** The master version: its sheet is in the key's own order. */
export const MASTER_VERSION = 'A';

export interface VersionEntry {
  /** The question as printed on this version's sheet (the card map's q). */
  q: number;
  /** The master question it is. */
  master: number;
  /** The master option each printed option stands for, in printed (map) order; null when unchanged. */
  options: string[] | null;
}

export interface OrderQuestion {
  q: number;
  showno: string;
  kind: QKind;
  options: readonly string[];
}

export type VersionErrorKey = 'scores.version.incomplete' | 'scores.version.unknownMaster' | 'scores.version.duplicateMaster' | 'scores.version.kindMismatch' | 'scores.version.badOptions' | 'scores.version.isMaster';
export type VersionCheck = { ok: true; value: VersionEntry[] } | { ok: false; error: { key: VersionErrorKey; params: Record<string, string | number>; index: number } };

/**
 * A version's order checked against the card's questions: every scorable question once, each to a
 * different master question of the same kind and options, option orders a permutation of them.
 * The first problem is reported (with the entry's index) and nothing is taken.
 */
export function checkVersionOrder(version: string, questions: readonly OrderQuestion[], entries: readonly { q: number; master: number; options?: string | readonly string[] | null }[]): VersionCheck {
  const fail = (key: VersionErrorKey, params: Record<string, string | number>, index: number): VersionCheck => ({ ok: false, error: { key, params: { version, ...params }, index } });
  if (version === MASTER_VERSION) return fail('scores.version.isMaster', {}, 0);
  const byQ = new Map(questions.map((q) => [q.q, q]));
  const given = new Map<number, number>();
  const usedMaster = new Map<number, number>();
  const value: VersionEntry[] = [];
  for (const [index, entry] of entries.entries()) {
    const printed = byQ.get(entry.q);
    const master = byQ.get(entry.master);
    if (!printed) return fail('scores.version.unknownMaster', { showno: entry.q, master: entry.master }, index);
    if (!master) return fail('scores.version.unknownMaster', { showno: printed.showno, master: entry.master }, index);
    if (usedMaster.has(entry.master)) return fail('scores.version.duplicateMaster', { master: master.showno, a: byQ.get(usedMaster.get(entry.master)!)!.showno, b: printed.showno }, index);
    if (printed.kind !== master.kind || printed.options.length !== master.options.length || !printed.options.every((o) => master.options.includes(o))) {
      return fail('scores.version.kindMismatch', { showno: printed.showno, master: master.showno }, index);
    }
    usedMaster.set(entry.master, entry.q);
    given.set(entry.q, index);
    const options = optionOrder(entry.options, master.options);
    if (options === undefined) return fail('scores.version.badOptions', { showno: printed.showno, options: typeof entry.options === 'string' ? entry.options : (entry.options ?? []).join(''), list: master.options.join('') }, index);
    value.push({ q: entry.q, master: entry.master, options });
  }
  const missing = questions.find((q) => !given.has(q.q));
  if (missing) return fail('scores.version.incomplete', { count: questions.length, showno: missing.showno }, entries.length);
  return { ok: true, value };
}

/** "BADC" or ['B','A','D','C'] → the master options in printed order; null when unchanged (or not given); undefined when not a permutation. */
function optionOrder(given: string | readonly string[] | null | undefined, masterOptions: readonly string[]): string[] | null | undefined {
  if (given === null || given === undefined || given.length === 0) return null;
  // Typed as letters ("BADC"): options of one character each (a number row's 10, 11 only as a list).
  const typed = typeof given === 'string' ? given.trim().toUpperCase() : null;
  const list = typed !== null ? (masterOptions.every((o) => [...o].length === 1) ? [...typed] : null) : [...given];
  if (!list || list.length !== masterOptions.length || new Set(list).size !== list.length || !list.every((o) => masterOptions.includes(o))) return undefined;
  return list.every((o, i) => o === masterOptions[i]) ? null : list;
}

/**
 * A sheet's answers and flags in master numbering: each printed question's answer goes to its
 * master question, each marked option becomes the master option it stands for (in the master's
 * option order). Questions outside the order (written ones, not machine-scored) pass through as
 * printed: the order covers every scorable question, so they never land on one.
 */
export function toMaster(
  answers: Record<string, string>,
  flags: Record<string, string>,
  order: readonly VersionEntry[],
  questions: ReadonlyMap<number, { options: readonly string[] }>,
): { answers: Record<string, string>; flags: Record<string, string> } {
  const out = { answers: {} as Record<string, string>, flags: {} as Record<string, string> };
  const ordered = new Set(order.map((e) => String(e.q)));
  for (const [q, value] of Object.entries(answers)) if (!ordered.has(q)) out.answers[q] = value;
  for (const [q, value] of Object.entries(flags)) if (!ordered.has(q)) out.flags[q] = value;
  for (const entry of order) {
    const key = String(entry.q);
    const target = String(entry.master);
    if (key in flags) out.flags[target] = flags[key];
    if (!(key in answers)) continue;
    const response = answers[key];
    const master = questions.get(entry.master);
    if (!entry.options || !master || response === '') {
      out.answers[target] = response;
      continue;
    }
    const printedOptions = questions.get(entry.q)?.options ?? master.options;
    const marks = splitMarks(response, printedOptions, false);
    // An answer that is not made of the options (never from the reader) is passed on as read.
    if (!marks) {
      out.answers[target] = response;
      continue;
    }
    const mapped = new Set(marks.map((m) => entry.options![printedOptions.indexOf(m)]));
    out.answers[target] = master.options.filter((o) => mapped.has(o)).join('');
  }
  return out;
}

/** A typed order: master question numbers (shownos) in the version's printed order, by spaces, commas or 、. */
export function parseOrderText(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/[\s,、，;；]+/)
    .filter((t) => t !== '');
}

/**
 * The key tab's typed order: master shownos in the version's printed order, and optionally one
 * option order a question ("DCBA", "-" or nothing for unchanged), both by spaces or commas. The
 * n-th token is the card's n-th scorable question as printed. Unknown shownos are refused here;
 * completeness and kinds are the server's check (checkVersionOrder).
 */
export function orderFromText(
  questions: readonly OrderQuestion[],
  orderText: string,
  optionsText: string,
): { ok: true; value: { q: number; master: number; options: string | null }[] } | { ok: false; error: { key: 'scores.version.badNumber' | 'scores.version.tooMany'; params: Record<string, string | number> } } {
  const tokens = parseOrderText(orderText);
  const options = parseOrderText(optionsText);
  const byShowno = new Map(questions.map((q) => [q.showno, q.q]));
  if (tokens.length > questions.length || options.length > questions.length) return { ok: false, error: { key: 'scores.version.tooMany', params: { count: questions.length } } };
  const value: { q: number; master: number; options: string | null }[] = [];
  for (const [i, token] of tokens.entries()) {
    const master = byShowno.get(token);
    if (master === undefined) return { ok: false, error: { key: 'scores.version.badNumber', params: { index: i + 1, value: token } } };
    const option = options[i];
    value.push({ q: questions[i].q, master, options: option === undefined || option === '-' ? null : option });
  }
  return { ok: true, value };
}

export type SheetOrderErrorKey = 'scores.version.sheetNoMasterAnswer' | 'scores.version.sheetMarkCount';
export type SheetOrder =
  | { ok: true; value: VersionEntry[]; changed: number; sameOrder: boolean }
  | { ok: false; error: { key: SheetOrderErrorKey; params: Record<string, string | number> } };

/**
 * A version's order from its scanned key sheet (docs/scores.md "Versions"): the teacher marks that
 * version's right answers on its own key sheet (page codes …/K/V<letter>). The question order is
 * the one already saved for the version, or the master's own when none was (marks cannot say which
 * master question a printed one is: several share an answer). Each question's option order is then
 * set so the marked option stands for the master key's answer: the options that moved are swapped,
 * the others stay (a saved option order that already agrees is kept). A question left blank on the
 * sheet keeps what it had. Every scored sheet of the version then earns exactly what the marked
 * key gives it. The result still goes through `checkVersionOrder` before it is saved.
 */
export function orderFromKeySheet(
  version: string,
  questions: readonly OrderQuestion[],
  masterAnswers: ReadonlyMap<number, string>,
  marks: Readonly<Record<string, string>>,
  saved: readonly VersionEntry[] | null,
): SheetOrder {
  const byQ = new Map(questions.map((q) => [q.q, q]));
  const savedByQ = new Map((saved ?? []).map((e) => [e.q, e]));
  const value: VersionEntry[] = [];
  let changed = 0;
  for (const printed of questions) {
    const entry = savedByQ.get(printed.q) ?? { q: printed.q, master: printed.q, options: null };
    const master = byQ.get(entry.master) ?? printed;
    const marked = splitMarks(marks[String(printed.q)] ?? '', printed.options) ?? [];
    if (marked.length === 0) {
      value.push(entry);
      continue;
    }
    const answer = splitMarks(masterAnswers.get(master.q) ?? '', master.options) ?? [];
    if (answer.length === 0) return { ok: false, error: { key: 'scores.version.sheetNoMasterAnswer', params: { version, showno: printed.showno, master: master.showno } } };
    if (answer.length !== marked.length) {
      return { ok: false, error: { key: 'scores.version.sheetMarkCount', params: { version, showno: printed.showno, marks: marked.join(''), master: master.showno, answer: answer.join('') } } };
    }
    const standsFor = (option: string, order: readonly string[] | null) => (order ? order[printed.options.indexOf(option)] : option);
    const agrees = (order: readonly string[] | null) => marked.every((m) => answer.includes(standsFor(m, order)));
    if (agrees(entry.options)) {
      value.push(entry);
      continue;
    }
    // Swap the marked options that are not the master's answer with the master's answers not marked.
    const out = marked.filter((m) => !answer.includes(m));
    const into = answer.filter((a) => !marked.includes(a));
    const options = printed.options.map((o) => (out.includes(o) ? into[out.indexOf(o)] : into.includes(o) ? out[into.indexOf(o)] : o));
    value.push({ q: printed.q, master: master.q, options: options.every((o, i) => o === master.options[i]) ? null : options });
    changed++;
  }
  return { ok: true, value, changed, sameOrder: saved === null || saved.length === 0 };
}
