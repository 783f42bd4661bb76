import { splitMarks, maxScore, normaliseAnswer, round2, ruleFor } from '../../../shared/scoring/rules';
import type { KeyQuestion, KeyView, Rule, ScannedKey, TKeyQuestionInput, TLegacySaveKeyInput, TSaveKeyInput, TWrittenKeyInput, WrittenKeyRow } from '../../../shared/schemas/scores';
import type { WrittenQuestion } from '../../../shared/scoring/written-questions';
import { MASTER_VERSION, orderFromKeySheet } from '../../../shared/scoring/versions';
import type { ExamVersion } from '../../../shared/geometry/page-code';
import { writtenMax } from '../../../shared/scoring/written-questions';
import type { Actor } from '../../auth/actor';
import type { DocumentRow } from '../../../data/db/tables/documents.table';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { keyPages, keyRows, upsertKeyRows, type KeyRowInput } from '../../../data/repos/scores.repo';
import { schoolTime } from '../cards/card-rows';
import { readableCard } from '../scan/scan-access';
import { cardQuestions, cardWrittenQuestions, type CardQuestion } from './card-questions';
import { loadVersionOrders, saveVersionOrder, versionViews } from './version-orders';

// A card's answer key (docs/scores.md "The key"): the card's scorable questions with what was
// saved for each (or the defaults), saved by whoever may scan the card, through either door, or
// taken from a scanned answer-key sheet.

export interface LoadedKey {
  questions: KeyQuestion[];
  /** The written questions' maxima (docs/grading.md "The maximum"). */
  written: WrittenKeyRow[];
  saved: boolean;
  updatedAt: Date | null;
}

const DEFAULT_POINTS = 1;

/** Every scorable question of the card's map, in map order, with its saved row or the defaults. */
export async function loadKey(deps: Deps, clientId: number, doc: DocumentRow): Promise<LoadedKey> {
  const [questions, writtenQs, rows] = await Promise.all([cardQuestions(deps, doc), cardWrittenQuestions(deps, doc), keyRows(deps.db, clientId, doc.id)]);
  const byQ = new Map(rows.map((r) => [r.q, r]));
  let updatedAt: Date | null = null;
  const written = writtenQs.map((wq): WrittenKeyRow => {
    const row = byQ.get(wq.q);
    const base = { q: wq.q, showno: wq.showno, page: wq.page, field_max: wq.fieldMax };
    if (!row) return { ...base, points: wq.fieldMax ?? 0, saved: false, bonus: false, dropped: false };
    if (!updatedAt || row.updated_at > updatedAt) updatedAt = row.updated_at;
    return { ...base, points: Number(row.points), saved: true, bonus: Boolean(row.bonus), dropped: Boolean(row.dropped) };
  });
  const merged = questions.map((cq): KeyQuestion => {
    const row = byQ.get(cq.q);
    if (!row) return { ...cq, answer: '', accepted: [], points: DEFAULT_POINTS, rule: ruleFor(cq.kind, undefined)!, bonus: false, dropped: false };
    if (!updatedAt || row.updated_at > updatedAt) updatedAt = row.updated_at;
    return {
      ...cq,
      answer: row.answer,
      accepted: JSON.parse(row.accepted) as string[],
      points: Number(row.points),
      rule: ruleFor(cq.kind, row.rule as Rule) ?? ruleFor(cq.kind, undefined)!,
      bonus: Boolean(row.bonus),
      dropped: Boolean(row.dropped),
    };
  });
  return { questions: merged, written, saved: questions.some((q) => byQ.has(q.q)) || written.some((w) => w.saved), updatedAt };
}

/** 滿分: the counted choice questions' points and the saved written maxima. */
export const keyMax = (key: Pick<LoadedKey, 'questions' | 'written'>): number => round2(maxScore(key.questions) + writtenMax(key.written));

/**
 * The newest scanned answer-key sheet of each version: the latest scan of each of its pages, merged.
 * A master (or version-less) sheet is the key's (`A`); a sheet of B–D sets that version's option
 * order (`useScannedKey` with `version`), never the master key.
 */
async function scannedKeys(deps: Deps, clientId: number, documentId: number): Promise<Map<string, ScannedKey>> {
  const byVersion = new Map<string, { pages: Awaited<ReturnType<typeof keyPages>>; answers: Record<string, string>; seen: Set<number | null> }>();
  for (const page of await keyPages(deps.db, clientId, documentId)) {
    const version = page.version ?? MASTER_VERSION;
    const sheet = byVersion.get(version) ?? { pages: [], answers: {}, seen: new Set<number | null>() };
    byVersion.set(version, sheet);
    if (sheet.seen.has(page.card_page)) continue;
    sheet.seen.add(page.card_page);
    sheet.pages.push(page);
    for (const [q, value] of Object.entries(JSON.parse(page.answers) as Record<string, string>)) sheet.answers[q] ??= value;
  }
  const out = new Map<string, ScannedKey>();
  for (const [version, { pages, answers }] of byVersion) {
    const sorted = Object.fromEntries(Object.entries(answers).sort(([a], [b]) => Number(a) - Number(b)));
    out.set(version, { page_id: pages[0].id, answers: sorted, scanned_at: schoolTime(pages[0].created_at) });
  }
  return out;
}

export async function getKey(deps: Deps, actor: Actor, guid: string): Promise<KeyView> {
  const doc = await readableCard(deps.db, actor, guid);
  const [key, scanned] = await Promise.all([loadKey(deps, actor.clientId, doc), scannedKeys(deps, actor.clientId, doc.id)]);
  const versions = await versionViews(deps, actor.clientId, doc, scanned);
  return {
    versions,
    questions: key.questions,
    written: key.written,
    max_score: keyMax(key),
    saved: key.saved,
    updated_at: key.updatedAt ? schoolTime(key.updatedAt) : null,
    scanned_key: scanned.get(MASTER_VERSION) ?? null,
  };
}

type Entry = Omit<TKeyQuestionInput, 'rule'> & { rule?: Rule; field: string };
type WrittenEntry = TWrittenKeyInput & { field: string };

const bad = (key: 'scores.badQuestion' | 'scores.badAnswer' | 'scores.badAccepted' | 'scores.ruleNotMulti' | 'scores.writtenOnlyPoints' | 'grading.badPoints', params: Record<string, string | number>, field: string) =>
  new AppError('BAD_REQUEST', key, params, { [field]: key });

/** A written question's row: its maximum (half points), bonus and dropped; no answer, rule or accepted answers. */
function writtenRow(questions: readonly WrittenQuestion[], entry: WrittenEntry): KeyRowInput {
  if (!questions.some((q) => q.q === entry.q)) throw bad('scores.badQuestion', { q: entry.q }, `${entry.field}.q`);
  if (!Number.isInteger(entry.points * 2)) throw bad('grading.badPoints', {}, `${entry.field}.points`);
  return { q: entry.q, answer: '', accepted: [], points: entry.points, rule: 'all', bonus: entry.bonus ?? false, dropped: entry.dropped ?? false };
}

/** Checks each entry against the card's questions; the first problem refuses the whole save. */
function checkEntries(questions: readonly CardQuestion[], entries: readonly Entry[], written: readonly WrittenQuestion[] = []): KeyRowInput[] {
  const byQ = new Map(questions.map((q) => [q.q, q]));
  return entries.map((entry) => {
    const question = byQ.get(entry.q);
    // The legacy door keys a written question with its points alone (`{"<q>": {"points": 8}}`).
    if (!question && written.some((w) => w.q === entry.q)) {
      if (entry.answer !== '' || (entry.accepted ?? []).length > 0 || entry.rule !== undefined) throw bad('scores.writtenOnlyPoints', { q: entry.q }, `${entry.field}.answer`);
      return writtenRow(written, entry);
    }
    if (!question) throw bad('scores.badQuestion', { q: entry.q }, `${entry.field}.q`);
    const { showno, kind, options } = question;
    const answer = normaliseAnswer(kind, options, entry.answer);
    if (answer === null) throw bad('scores.badAnswer', { showno, answer: entry.answer }, `${entry.field}.answer`);
    const accepted: string[] = [];
    for (const [i, text] of (entry.accepted ?? []).entries()) {
      const value = normaliseAnswer(kind, options, text);
      if (value === null) throw bad('scores.badAccepted', { showno, answer: text }, `${entry.field}.accepted.${i}`);
      if (value !== '' && value !== answer && !accepted.includes(value)) accepted.push(value);
    }
    const rule = ruleFor(kind, entry.rule);
    if (!rule) throw bad('scores.ruleNotMulti', { showno }, `${entry.field}.rule`);
    return { q: entry.q, answer, accepted, points: entry.points, rule, bonus: entry.bonus ?? false, dropped: entry.dropped ?? false };
  });
}

async function writeKey(deps: Deps, actor: Actor, doc: DocumentRow, rows: readonly KeyRowInput[]) {
  await upsertKeyRows(deps.db, { client_id: actor.clientId, document_id: doc.id, user_id: actor.userId, username: actor.name }, rows);
}

/** scores.saveKey: the questions given replace their rows; the others keep what they had. */
export async function saveKey(deps: Deps, actor: Actor, input: TSaveKeyInput) {
  const doc = await readableCard(deps.db, actor, input.guid);
  const [questions, written] = await Promise.all([cardQuestions(deps, doc), cardWrittenQuestions(deps, doc)]);
  const rows = checkEntries(questions, input.questions.map((q, i) => ({ ...q, field: `questions.${i}` })));
  rows.push(...(input.written ?? []).map((w, i) => writtenRow(written, { ...w, field: `written.${i}` })));
  await writeKey(deps, actor, doc, rows);
  return { message: 'scores.saved' as const };
}

/** Legacy `save answerKey`: `key` by question number; a missing rule is the kind's default. */
export async function saveLegacyKey(deps: Deps, actor: Actor, input: TLegacySaveKeyInput) {
  // With a version other than A: that version's order (`master`, `options` per printed question).
  if (input.version && input.version !== 'A') {
    const numbers = Object.keys(input.key);
    const questions = Object.entries(input.key).map(([q, e]) => ({ q: Number(q), master: e.master ?? 0, options: e.options }));
    if (questions.length === 0) throw new AppError('BAD_REQUEST', 'scores.emptyKey', {}, { key: 'scores.emptyKey' });
    const missing = questions.findIndex((q) => q.master === 0);
    if (missing >= 0) throw new AppError('BAD_REQUEST', 'scores.version.unknownMaster', { version: input.version, showno: questions[missing].q, master: '?' }, { [`key.${numbers[missing]}.master`]: 'scores.version.unknownMaster' });
    return saveVersionOrder(deps, actor, { guid: input.guid, version: input.version, questions }, (i) => `key.${numbers[Math.min(i, numbers.length - 1)]}.master`);
  }
  const doc = await readableCard(deps.db, actor, input.guid);
  const [questions, written] = await Promise.all([cardQuestions(deps, doc), cardWrittenQuestions(deps, doc)]);
  const entries = Object.entries(input.key).map(([q, e]) => ({ ...e, q: Number(q), field: `key.${q}` }));
  if (entries.length === 0) throw new AppError('BAD_REQUEST', 'scores.emptyKey', {}, { key: 'scores.emptyKey' });
  await writeKey(deps, actor, doc, checkEntries(questions, entries, written));
  return { message: 'scores.saved' as const };
}

/**
 * scores.useScannedKey: the newest scanned key sheet's marks become the key's answers; points,
 * rules, bonus and dropped stay. A one-mark question marked twice on the sheet takes the first mark
 * as its answer and the others as accepted answers; a question left blank on the sheet keeps its answer.
 * With a version B–D: that version's newest key sheet sets its option order against the master key
 * (`orderFromKeySheet`), keeping its saved question order (or the master's, when none was saved).
 */
export async function useScannedKey(deps: Deps, actor: Actor, guid: string, version?: ExamVersion) {
  const doc = await readableCard(deps.db, actor, guid);
  if (version && version !== MASTER_VERSION) return useVersionKeySheet(deps, actor, doc, version);
  const [key, scanned] = await Promise.all([loadKey(deps, actor.clientId, doc), scannedKeys(deps, actor.clientId, doc.id).then((all) => all.get(MASTER_VERSION))]);
  if (!scanned) throw new AppError('CONFLICT', 'scores.noScannedKey');
  const rows: KeyRowInput[] = [];
  for (const q of key.questions) {
    const marks = splitMarks(scanned.answers[String(q.q)] ?? '', q.options) ?? [];
    if (marks.length === 0) continue;
    const [answer, accepted] = q.kind === 'multi' ? [marks.join(''), []] : [marks[0], marks.slice(1)];
    rows.push({ q: q.q, answer, accepted, points: q.points, rule: q.rule, bonus: q.bonus, dropped: q.dropped });
  }
  await writeKey(deps, actor, doc, rows);
  return { message: 'scores.usedScannedKey' as const, params: { count: rows.length } };
}

/** A version's key sheet → its order: the master key must be saved first (the sheet is read against it). */
async function useVersionKeySheet(deps: Deps, actor: Actor, doc: DocumentRow, version: ExamVersion) {
  const [key, scanned, orders] = await Promise.all([loadKey(deps, actor.clientId, doc), scannedKeys(deps, actor.clientId, doc.id).then((all) => all.get(version)), loadVersionOrders(deps, actor.clientId, doc.id)]);
  if (!scanned) throw new AppError('CONFLICT', 'scores.version.noScannedSheet', { version });
  if (!key.questions.some((q) => q.answer !== '')) throw new AppError('CONFLICT', 'scores.version.sheetNeedsMasterKey', { version });
  const masterAnswers = new Map(key.questions.map((q) => [q.q, q.answer]));
  const derived = orderFromKeySheet(version, key.questions, masterAnswers, scanned.answers, orders.get(version) ?? null);
  if (!derived.ok) throw new AppError('BAD_REQUEST', derived.error.key, derived.error.params);
  await saveVersionOrder(deps, actor, { guid: doc.guid, version, questions: derived.value });
  const message = derived.sameOrder ? ('scores.version.fromSheetSameOrder' as const) : ('scores.version.fromSheet' as const);
  return { message, params: { version, count: derived.value.length, changed: derived.changed } };
}
