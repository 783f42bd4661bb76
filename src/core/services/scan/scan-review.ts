import { needsReview, ZPageReading, type PageReading, type QuestionReading } from '../../../scan/page-reading';
import { pageOutcome } from '../../../scan/page-record';
import { normaliseAnswer } from '../../../shared/scoring/rules';
import type { TLegacyCorrection, TScanCorrection } from '../../../shared/schemas/scan';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import {
  answerCorrections,
  deleteCorrection,
  findPage,
  readingsOfDocument,
  rereadPage,
  studentOfSchool,
  upsertAnswers,
  upsertCorrection,
  type ScanPageView,
} from '../../../data/repos/scan.repo';
import { scoreFieldKey } from '../../../shared/scoring/written-totals';
import { ZHalfPoints } from '../../../shared/schemas/grading';
import { gradesOfCard } from '../../../data/repos/written-grades.repo';
import { findSchoolDocument } from '../../../data/repos/documents.repo';
import { studentsAtSeat, studentsWithNumber } from '../../../data/repos/students.repo';
import { loadKey } from '../scores/answer-key';
import { decisionsOf, latestPages, scannedAfter } from './student-answers';
import { readableCard, readablePage } from './scan-access';

// Review (docs/scan-batches.md "Review"): what a person must decide — unsure marks, whole sheets
// marked in an unusual way, pages nobody could be matched to, pages of another card, a student's
// page scanned twice with different marks — and the decisions, stored as corrections beside the
// read values (who and when), each one undoable.

/** One question as review shows it: the read value, every option's fill, and the likely answer. */
export interface ReviewQuestion {
  q: number;
  showno: string;
  question_kind: string;
  status: string;
  read: string;
  options: string[];
  fills: Record<string, number>;
  /** What review pre-selects: the reader's proposal, else the clearly strongest fill; null when nothing stands out. */
  proposal: string | null;
  style: string | null;
}

interface ItemBase {
  /** Stable id of the item (legacy `save correction`): q-<page>-<q>, f-<page>-<q> (a score field), s-<page> or p-<page>. */
  item_id: string;
  page_id: number;
  index: number;
  batch_id: number;
  filename: string;
  card_page: number | null;
  student: string | null;
  student_number: string | null;
  grade: number | null;
  class: number | null;
}

/**
 * A score field (閱卷給分格) read without certainty (docs/grading.md "Review of a score field"):
 * the question's points are typed, 0 … `max` in half points; `proposal` the reader's likely points.
 */
export interface ReviewScore {
  q: number;
  showno: string;
  /** Why: `ambiguous` (a faint or unclear mark), `multiple` (two marks in one column), `incomplete` (tens without units, a part left blank), `over-max`. */
  reason: string;
  proposal: number | null;
  /** The question's maximum: the key's saved one, else the sum of its fields' maxima. */
  max: number;
}

export type ReviewItem =
  | (ItemBase & { kind: 'question' } & ReviewQuestion)
  | (ItemBase & { kind: 'score' } & ReviewScore)
  | (ItemBase & { kind: 'sheet'; style: string; questions: ReviewQuestion[] })
  | (ItemBase & { kind: 'page'; reason: 'unidentified' | 'wrong_card' | 'duplicate'; card_pages: number[]; guess: number | null });

/** A fill that stands out: strong enough and clearly ahead of the next one. */
const LIKELY_FILL = 0.25;
const LIKELY_LEAD = 0.12;
const who = (p: ScanPageView) => (p.student_number ? `${p.student_number} ${p.student_name ?? ''}`.trim() : null);

/**
 * The reader's optional `proposal` and `style` per question and `sheetStyle` per page (the
 * reader/review contract): read from the stored JSON itself, so they reach review whether or not
 * this build's schema lists them, and old readings without them still parse.
 */
type Extras = { proposal?: unknown; style?: unknown };
type ReadQuestion = QuestionReading & { extra: { proposal: string | null; style: string | null } };
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function parseReading(json: string): { reading: PageReading; sheetStyle: string | null; questions: ReadQuestion[] } {
  const raw = JSON.parse(json) as { sheetStyle?: unknown; questions?: Extras[] & { q?: unknown }[] };
  const reading = ZPageReading.parse(raw);
  const extras = new Map((raw.questions ?? []).map((q) => [(q as { q?: unknown }).q, q]));
  const questions = reading.questions.map((q) => {
    const e = extras.get(q.q) ?? {};
    return { ...q, extra: { proposal: typeof e.proposal === 'string' ? e.proposal : null, style: text(e.style) } };
  });
  return { reading, sheetStyle: text(raw.sheetStyle), questions };
}

/** The answer most likely meant: the reader's proposal, else for one-mark questions the clearly strongest bubble, for multi-choice the bubbles filled past halfway. */
export function likelyAnswer(q: ReadQuestion): string | null {
  if (q.extra.proposal !== null) return q.extra.proposal;
  const ranked = Object.entries(q.fills).sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return null;
  if (q.kind === 'multi') {
    const marked = Object.keys(q.fills).filter((o) => q.fills[o] >= 0.4);
    return marked.length ? marked.join('') : null;
  }
  const [best, second] = ranked;
  return best[1] >= LIKELY_FILL && best[1] - (second?.[1] ?? 0) >= LIKELY_LEAD ? best[0] : null;
}

function reviewQuestion(q: ReadQuestion): ReviewQuestion {
  return { q: q.q, showno: q.showno, question_kind: q.kind, status: q.status, read: q.answer, options: Object.keys(q.fills), fills: q.fills, proposal: likelyAnswer(q), style: q.extra.style };
}

type PageWithReading = ScanPageView & { reading: string; assumed: string | null; filename: string };

function assumedOf(page: { assumed: string | null }): { guess: number; readings: Record<string, PageReading> } | null {
  if (!page.assumed) return null;
  const parsed = JSON.parse(page.assumed) as { guess: number; readings: Record<string, unknown> };
  return { guess: parsed.guess, readings: Object.fromEntries(Object.entries(parsed.readings).map(([k, r]) => [k, ZPageReading.parse(r)])) };
}

function itemsOfPage(page: PageWithReading, decided: Map<number, string> | undefined, base: ItemBase): ReviewItem[] {
  const { questions, sheetStyle } = parseReading(page.reading);
  const open = questions.filter((q) => needsReview(q.status) && !decided?.has(q.q));
  if (open.length === 0) return [];
  // A page marked throughout in one unusual way is one decision, not forty (the reader's sheetStyle).
  if (sheetStyle) return [{ ...base, item_id: `s-${page.id}`, kind: 'sheet', style: sheetStyle, questions: open.map(reviewQuestion) }];
  return open.map((q) => ({ ...base, item_id: `q-${page.id}-${q.q}`, kind: 'question' as const, ...reviewQuestion(q) }));
}

/** The score fields of a page a person must decide: flagged `score-<reason>` by the reader, not decided yet. */
function openScores(page: PageWithReading, decided: Map<number, string> | undefined): { q: number; reason: string; proposal: number | null }[] {
  const flags = JSON.parse(page.flags) as Record<string, string>;
  const open = Object.entries(flags).flatMap(([key, flag]) => {
    const q = /^s([0-9]+)$/.exec(key)?.[1];
    return q && flag.startsWith('score-') && !decided?.has(Number(q)) ? [{ q: Number(q), reason: flag.slice('score-'.length) }] : [];
  });
  if (open.length === 0) return [];
  const scores = (JSON.parse(page.reading) as { scores?: { q?: unknown; proposal?: unknown }[] }).scores ?? [];
  return open.map((o) => {
    const proposal = scores.find((x) => x.q === o.q)?.proposal;
    return { ...o, proposal: typeof proposal === 'number' ? proposal : null };
  });
}

/** Each written question with a score field: its number as printed and its maximum (the key's, else the fields'). */
async function scoreQuestions(deps: Deps, clientId: number, documentId: number): Promise<Map<number, { showno: string; max: number }>> {
  const doc = await findSchoolDocument(deps.db, clientId, documentId);
  if (!doc) return new Map();
  const key = await loadKey(deps, clientId, doc);
  return new Map(key.written.map((w) => [w.q, { showno: w.showno, max: w.saved ? w.points : (w.field_max ?? w.points) }]));
}

/** Everything of the card's scans still waiting for a person, one sheet's items together. */
export async function reviewQueue(deps: Deps, actor: Actor, guid: string): Promise<ReviewItem[]> {
  const doc = await readableCard(deps.db, actor, guid);
  return reviewItemsOf(deps, actor.clientId, doc.id);
}

export async function reviewItemsOf(deps: Deps, clientId: number, documentId: number): Promise<ReviewItem[]> {
  const pages = (await readingsOfDocument(deps.db, clientId, documentId)) as PageWithReading[];
  const { winners, duplicates } = latestPages(pages);
  const [answerRows, scoreRows] = await Promise.all([answerCorrections(deps.db, pages.map((p) => p.id)), answerCorrections(deps.db, pages.map((p) => p.id), 'score')]);
  const decisions = decisionsOf(pages, answerRows);
  const scoreDecisions = decisionsOf(pages, scoreRows, scoreFieldKey);
  // Score fields in doubt, per page; the key and the teachers' grades are loaded only when there are some.
  const scoresOf = new Map(pages.filter((p) => !p.discarded && p.student_id !== null).map((p) => [p.id, openScores(p, scoreDecisions.get(p.id))] as const).filter(([, open]) => open.length > 0));
  const [fieldQuestions, graded] =
    scoresOf.size === 0
      ? [new Map<number, { showno: string; max: number }>(), new Set<string>()]
      : await Promise.all([scoreQuestions(deps, clientId, documentId), gradesOfCard(deps.db, clientId, documentId).then((gs) => new Set(gs.map((g) => `${g.student_id}/${g.q}`)))]);
  const winnerOf = new Map(winners.map((w) => [`${w.student_id}/${w.card_page}`, w]));
  const sameMarks = (a: ScanPageView, b: ScanPageView) => {
    const effective = (p: ScanPageView) => ({ ...(JSON.parse(p.answers) as Record<string, string>), ...Object.fromEntries(decisions.get(p.id) ?? []) });
    return JSON.stringify(effective(a)) === JSON.stringify(effective(b));
  };
  // An earlier scan with the same marks as any later scan of the same student page (kept or
  // discarded) brings nothing new to decide: no item.
  const scansOf = new Map<string, ScanPageView[]>();
  for (const p of pages) if (p.student_id !== null && p.card_page !== null) scansOf.set(`${p.student_id}/${p.card_page}`, [...(scansOf.get(`${p.student_id}/${p.card_page}`) ?? []), p]);
  const duplicateIds = new Set(
    duplicates.filter((d) => !(scansOf.get(`${d.student_id}/${d.card_page}`) ?? [winnerOf.get(`${d.student_id}/${d.card_page}`)!]).some((p) => scannedAfter(p, d) && ((p.answers === d.answers && p.flags === d.flags) || sameMarks(d, p)))).map((d) => d.id),
  );
  const items: ReviewItem[] = [];
  for (const page of pages) {
    if (page.discarded) continue;
    const base: ItemBase = {
      item_id: `p-${page.id}`,
      page_id: page.id,
      index: page.page_index,
      batch_id: page.batch_id,
      filename: page.filename,
      card_page: page.card_page,
      student: who(page),
      student_number: page.student_number ?? null,
      grade: page.grade ?? null,
      class: page.class ?? null,
    };
    const assumed = assumedOf(page);
    const pageItem = (reason: 'unidentified' | 'wrong_card' | 'duplicate'): ReviewItem => ({
      ...base,
      kind: 'page',
      reason,
      card_pages: assumed ? Object.keys(assumed.readings).map(Number) : page.card_page ? [page.card_page] : [],
      guess: assumed?.guess ?? page.card_page,
    });
    if (duplicateIds.has(page.id)) items.push(pageItem('duplicate'));
    else if (page.status === 'wrong_card') items.push(pageItem('wrong_card'));
    else if (page.student_id === null && (page.status === 'unidentified' || page.status === 'read' || page.status === 'review')) items.push(pageItem('unidentified'));
    else {
      if (page.status === 'review' || page.status === 'unidentified') items.push(...itemsOfPage(page, decisions.get(page.id), base));
      // A score field in doubt — unless a teacher graded that answer (on screen, typed): the grade counts, the field is moot.
      for (const open of scoresOf.get(page.id) ?? []) {
        const question = fieldQuestions.get(open.q);
        if (!question || graded.has(`${page.student_id}/${open.q}`)) continue;
        items.push({ ...base, item_id: `f-${page.id}-${open.q}`, kind: 'score', q: open.q, showno: question.showno, reason: open.reason, proposal: open.proposal, max: question.max });
      }
    }
  }
  // One sheet's items together: a student's pages follow the first of them, in card page order.
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const key = item.student_number ?? `#${item.page_id}`;
    if (!first.has(key)) first.set(key, i);
  });
  const order = (item: ReviewItem) => first.get(item.student_number ?? `#${item.page_id}`)!;
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => order(a.item) - order(b.item) || (a.item.card_page ?? 0) - (b.item.card_page ?? 0) || a.i - b.i)
    .map(({ item }) => item);
}

/** A person's answer in the question's own form (是非 as the map's 是/否, O/X or 1/2 typed), or the refusal. */
export function reviewAnswer(question: QuestionReading, value: string): string {
  const options = Object.keys(question.fills);
  const kind = question.kind === 'free' ? 'single' : question.kind;
  const typed = kind === 'truefalse' && (value === '1' || value === '2') && !options.includes(value) ? options[Number(value) - 1] : value;
  const answer = normaliseAnswer(kind, options, typed);
  if (answer === null) throw new AppError('BAD_REQUEST', 'scan.badAnswer', {}, { value: 'scan.badAnswer' });
  return answer;
}

const questionOf = (page: { reading: string }, q: number) => {
  const question = ZPageReading.parse(JSON.parse(page.reading)).questions.find((x) => x.q === q);
  if (!question) throw new AppError('NOT_FOUND', 'scan.questionMissing');
  return question;
};

/**
 * Points a person typed for a score field of the page: '' (left for grading on screen), or half
 * points within the question's maximum (the key's, else its fields'). Says whether a teacher's
 * grade of that answer exists (it keeps counting; the field's points count once it is taken back).
 */
async function reviewScore(deps: Deps, actor: Actor, page: ScanPageView, q: number, value: string): Promise<{ value: string; graded: boolean }> {
  const flags = JSON.parse(page.flags) as Record<string, string>;
  if (flags[scoreFieldKey(q)] === undefined) throw new AppError('NOT_FOUND', 'scan.questionMissing');
  const question = (await scoreQuestions(deps, actor.clientId, page.document_id)).get(q);
  if (!question) throw new AppError('NOT_FOUND', 'scan.questionMissing');
  const graded = page.student_id !== null && (await gradesOfCard(deps.db, actor.clientId, page.document_id, q)).some((g) => g.student_id === page.student_id);
  if (value === '') return { value, graded };
  const points = ZHalfPoints.safeParse(value.replace(',', '.'));
  if (!points.success) throw new AppError('BAD_REQUEST', 'grading.badPoints', {}, { value: 'grading.badPoints' });
  if (points.data > question.max) throw new AppError('BAD_REQUEST', 'grading.overMax', { points: points.data, showno: question.showno, max: question.max }, { value: 'grading.overMax' });
  return { value: String(points.data), graded };
}

/**
 * The read values of an assigned page without a code: the assumed reading of the card page the
 * person chose (or the guess). A page read with its code keeps its own read values.
 */
async function readAssigned(deps: Deps, page: { id: number; card_page: number | null; document_id: number; assumed: string | null }, cardPage: number | undefined): Promise<void> {
  const assumed = assumedOf(page);
  if (!assumed) {
    if (cardPage !== undefined && cardPage !== page.card_page) throw new AppError('BAD_REQUEST', 'scan.cardPageMissing');
    return;
  }
  const chosen = cardPage ?? (page.card_page && assumed.readings[String(page.card_page)] ? page.card_page : assumed.guess);
  const reading = assumed.readings[String(chosen)];
  if (!reading || !reading.code) throw new AppError('BAD_REQUEST', 'scan.cardPageMissing');
  const outcome = pageOutcome({ ...reading, status: 'read' }, page.document_id);
  await rereadPage(deps.db, page.id, {
    status: outcome.status === 'review' ? 'review' : 'read',
    card_page: chosen,
    answers: JSON.stringify(outcome.answers),
    flags: JSON.stringify(outcome.flags),
    reading: JSON.stringify(reading),
  });
}

/**
 * One decision on a page: an answer for a question, the answers of a whole sheet, the page's
 * student (and, for a page without code, which card page it is), discarding or keeping it — or
 * undoing any of these. Returns what `undo` needs to take the decision back.
 */
export async function correctScan(deps: Deps, actor: Actor, input: TScanCorrection) {
  const { page } = await readablePage(deps.db, actor, input.pageId);
  const base = { page_id: page.id, client_id: actor.clientId, user_id: actor.userId, username: actor.name };
  switch (input.kind) {
    case 'answer': {
      const value = reviewAnswer(questionOf(page, input.q), input.value);
      await upsertCorrection(deps.db, { ...base, kind: 'answer', q: input.q, value });
      break;
    }
    case 'answers': {
      const rows = Object.entries(input.answers).map(([q, value]) => ({ q: Number(q), value: reviewAnswer(questionOf(page, Number(q)), value) }));
      await upsertAnswers(deps.db, base, rows);
      if (input.sheet) await upsertCorrection(deps.db, { ...base, kind: 'sheet', q: 0, value: input.sheet });
      break;
    }
    case 'student': {
      const student = await studentOfSchool(deps.db, actor.clientId, input.studentId);
      if (!student) throw new AppError('NOT_FOUND', 'scan.studentMissing');
      await readAssigned(deps, page, input.cardPage);
      await upsertCorrection(deps.db, { ...base, kind: 'student', q: 0, value: String(student.id) });
      break;
    }
    case 'discard':
      if (input.discard) await upsertCorrection(deps.db, { ...base, kind: 'discard', q: 0, value: '1' });
      else await deleteCorrection(deps.db, page.id, 'discard', 0);
      break;
    case 'score': {
      const decided = await reviewScore(deps, actor, page, input.q, input.value);
      await upsertCorrection(deps.db, { ...base, kind: 'score', q: input.q, value: decided.value });
      // The field's points count only while no teacher graded the answer (docs/grading.md "Review of a score field").
      if (decided.graded) return { message: 'scan.scoreSavedGradeKept' as const };
      break;
    }
    case 'undo':
      if (input.what === 'score') await deleteCorrection(deps.db, page.id, 'score', input.qs ?? []);
      else if (input.what === 'answer') {
        await deleteCorrection(deps.db, page.id, 'answer', input.qs ?? []);
        await deleteCorrection(deps.db, page.id, 'sheet', 0);
      } else await deleteCorrection(deps.db, page.id, input.what, 0);
      break;
  }
  return { message: input.kind === 'undo' ? ('scan.undone' as const) : ('scan.saved' as const) };
}

export async function findStudentByNumber(deps: Deps, actor: Actor, guid: string, number: string) {
  await readableCard(deps.db, actor, guid);
  return studentsWithNumber(deps.db, actor.clientId, number);
}

/** A student by class and seat (the unidentified-page form's other way), e.g. 803 17 or 8 3 17. */
export async function findStudentBySeat(deps: Deps, actor: Actor, guid: string, at: { grade: number; class: number; seat: number }) {
  await readableCard(deps.db, actor, guid);
  return studentsAtSeat(deps.db, actor.clientId, at);
}

/** Legacy `save correction`: the item of `get review` it names, and one decision on it. */
export async function legacyCorrection(deps: Deps, actor: Actor, input: TLegacyCorrection) {
  const doc = await readableCard(deps.db, actor, input.guid);
  const [kind, pageText, qText] = input.item_id.split('-');
  const pageId = Number(pageText);
  const found = await findPage(deps.db, pageId);
  if (!found || found.client_id !== actor.clientId || found.document_id !== doc.id) throw new AppError('NOT_FOUND', 'scan.itemMissing');
  if (input.discard) return correctScan(deps, actor, { kind: 'discard', pageId, discard: true });
  if (input.student_number !== undefined) {
    if (kind !== 'p') throw new AppError('BAD_REQUEST', 'scan.itemMissing');
    const [student, ...more] = await findStudentByNumber(deps, actor, input.guid, input.student_number);
    if (!student || more.length) throw new AppError('NOT_FOUND', 'scan.studentMissing', {}, { student_number: 'scan.studentMissing' });
    return correctScan(deps, actor, { kind: 'student', pageId, studentId: student.id, cardPage: input.card_page });
  }
  if (input.answer !== undefined && kind === 'f') return correctScan(deps, actor, { kind: 'score', pageId, q: Number(qText), value: input.answer.trim() });
  if (kind === 'f') throw new AppError('BAD_REQUEST', 'scan.itemMissing');
  if (input.answer !== undefined) {
    if (kind !== 'q') throw new AppError('BAD_REQUEST', 'scan.itemMissing');
    return correctScan(deps, actor, { kind: 'answer', pageId, q: Number(qText), value: input.answer });
  }
  if (kind === 'p') throw new AppError('BAD_REQUEST', 'scan.itemMissing');
  return correctScan(deps, actor, { kind: 'answers', pageId, answers: input.answers ?? {}, ...(kind === 's' ? { sheet: parseReading(found.reading).sheetStyle ?? 'sheet' } : {}) });
}

/** Open review items of a grade or class (items of pages without a student count for every selection). */
export function pendingOf(items: readonly ReviewItem[], of: { grade?: number; class?: number }): number {
  return items.filter((i) => i.grade === null || ((of.grade === undefined || i.grade === of.grade) && (of.class === undefined || i.class === of.class))).length;
}
