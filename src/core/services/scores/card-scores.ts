import { analyseItems } from '../../../shared/scoring/item-analysis';
import { isScored, maxScore, round2, scoreStudent } from '../../../shared/scoring/rules';
import { scoreReliability } from '../../../shared/scoring/reliability';
import { competitionRanks, histogramOf, statsOf } from '../../../shared/scoring/statistics';
import type { AbsentStudent, ItemAnalysis, KeyQuestion, Reliability, ResultWritten, Results, StudentResult, TScoresInput } from '../../../shared/schemas/scores';
import { attendanceOfDocument, studentsOfClasses } from '../../../data/repos/scan.repo';
import { pendingOf, reviewItemsOf } from '../scan/scan-review';
import { countsWritten, writtenMax } from '../../../shared/scoring/written-questions';
import { studentWritten } from '../../../shared/scoring/written-totals';
import { analyseWritten, type WrittenItem } from '../../../shared/scoring/written-analysis';
import type { GradeForPoints } from '../../../shared/scoring/written-points';
import { rubricsOfCard } from '../../../data/repos/rubrics.repo';
import { gradesOfCard } from '../../../data/repos/written-grades.repo';
import type { Actor } from '../../auth/actor';
import type { DocumentRow } from '../../../data/db/tables/documents.table';
import type { Deps } from '../../deps';
import { studentAnswersOf } from '../scan/student-answers';
import { readableCard } from '../scan/scan-access';
import { keyMax, loadKey } from './answer-key';
import { loadVersionOrders } from './version-orders';
import { MASTER_VERSION, toMaster } from '../../../shared/scoring/versions';

// Scores are computed on read (docs/scores.md): the card's answers per student after review
// (src/core/services/scan/student-answers.ts) scored with the key as it is now. Nothing is
// stored, so a changed key or rule re-scores every student at once.

export interface ScoredCard {
  doc: DocumentRow;
  /** Review items still open for the selection: results say 「尚有 N 項待確認」 while > 0. */
  pendingReview: number;
  /** Roster students of the selection's classes without a sheet (缺考 / 補考), not scored. */
  absent: AbsentStudent[];
  questions: KeyQuestion[];
  /** The written questions that count, with their maxima. */
  written: ResultWritten[];
  keyed: boolean;
  maxScore: number;
  choiceMax: number;
  writtenMax: number;
  /** In class and seat order, ranked within the selection. */
  students: StudentResult[];
  /** Each student's scanned pages (the slips draw them). */
  pages: ReadonlyMap<number, readonly { card_page: number; page_id: number }[]>;
  /** Students per exam version; a version without an order has its students left out (docs/scores.md "Versions"). */
  versions: Results['versions'];
}

/**
 * The card's students scored with the key as it is now. A sheet of version B–D is first
 * un-shuffled into the master's numbering and options through its version's order, so one key
 * scores every version and results, exports and item analysis are per master question; a version
 * without an order leaves its students out (counted in `versions`), never scored by the wrong key.
 * `input.version` keeps one version's students.
 */
export async function scoredCard(deps: Deps, actor: Actor, input: TScoresInput): Promise<ScoredCard> {
  const doc = await readableCard(deps.db, actor, input.guid);
  const [key, answers, rubrics, grades, items, orders] = await Promise.all([
    loadKey(deps, actor.clientId, doc),
    studentAnswersOf(deps.db, actor.clientId, doc.id, input),
    rubricsOfCard(deps.db, actor.clientId, doc.id),
    gradesOfCard(deps.db, actor.clientId, doc.id),
    reviewItemsOf(deps, actor.clientId, doc.id),
    loadVersionOrders(deps, actor.clientId, doc.id),
  ]);
  const options = new Map(key.questions.map((q) => [q.q, q]));
  const rubricOf = new Map(rubrics.map((r) => [r.q, r]));
  const gradesOf = new Map<number, Map<number, GradeForPoints>>();
  for (const g of grades) gradesOf.set(g.student_id, (gradesOf.get(g.student_id) ?? new Map<number, GradeForPoints>()).set(g.q, g));
  const students: StudentResult[] = [];
  const versions = new Map<string, { version: string; students: number; ordered: boolean }>();
  for (const s of answers) {
    if (input.version !== undefined && s.version !== input.version) continue;
    const order = s.version === null || s.version === MASTER_VERSION ? null : orders.get(s.version);
    if (s.version !== null) {
      const seen = versions.get(s.version) ?? { version: s.version, students: 0, ordered: order !== undefined };
      seen.students += 1;
      versions.set(s.version, seen);
    }
    if (order === undefined) continue;
    // Choice questions un-shuffled into master numbering; written (free) questions stay as printed.
    const sheet = order ? toMaster(s.answers, s.flags, order, options) : { answers: s.answers, flags: s.flags };
    const { score: choice, points, correct } = scoreStudent(key.questions, sheet.answers, sheet.flags);
    const written = studentWritten(key.written, rubricOf, gradesOf.get(s.student_id) ?? new Map(), sheet.answers, sheet.flags);
    const { student_id, student_number, name, grade, seat } = s;
    const score = round2(choice + written.written);
    students.push({ student_id, student_number, name, grade, class: s.class, seat, version: s.version, score, choice, written: written.written, written_points: written.points, ungraded: written.ungraded, rank: 0, answers: sheet.answers, correct, points, flags: sheet.flags });
  }
  const ranks = competitionRanks(students.map((s) => s.score));
  students.forEach((s, i) => (s.rank = ranks[i]));
  const absent = await absentStudents(deps, actor.clientId, doc.id, input, answers);
  const counted = key.written.filter(countsWritten).map(({ q, showno, points }) => ({ q, showno, points }));
  const pages = new Map(answers.map((s) => [s.student_id, s.pages]));
  const byVersion = [...versions.values()].sort((a, b) => a.version.localeCompare(b.version));
  return { doc, pages, pendingReview: pendingOf(items, input), absent, questions: key.questions, written: counted, keyed: key.questions.some(isScored) || counted.length > 0, maxScore: keyMax(key), choiceMax: maxScore(key.questions), writtenMax: writtenMax(key.written), students, versions: byVersion };
}

/**
 * The roster students of the selection without a sheet: of the chosen class, or of every class of
 * the selection where at least one sheet was scanned. 缺考 unless a teacher marked 補考.
 */
export async function absentStudents(deps: Deps, clientId: number, documentId: number, of: { grade?: number; class?: number }, sheets: readonly { student_id: number; grade: number; class: number }[]): Promise<AbsentStudent[]> {
  const classes = new Map<string, { grade: number; class: number }>();
  if (of.grade !== undefined && of.class !== undefined) classes.set(`${of.grade}/${of.class}`, { grade: of.grade, class: of.class });
  for (const s of sheets) classes.set(`${s.grade}/${s.class}`, { grade: s.grade, class: s.class });
  const present = new Set(sheets.map((s) => s.student_id));
  const [roster, marks] = await Promise.all([studentsOfClasses(deps.db, clientId, [...classes.values()]), attendanceOfDocument(deps.db, clientId, documentId)]);
  const markOf = new Map(marks.map((m) => [m.student_id, m.mark]));
  return roster
    .filter((s) => !present.has(s.id))
    .map((s) => ({ student_id: s.id, student_number: s.number, name: s.name, grade: s.grade, class: s.class, seat: s.seat, mark: markOf.get(s.id) ?? 'absent' }));
}

/** Per class of the selection, in grade and class order. */
export function classStats(students: readonly StudentResult[]) {
  const groups = new Map<string, { grade: number; class: number; scores: number[] }>();
  for (const s of students) {
    const id = `${s.grade}/${s.class}`;
    const group = groups.get(id) ?? { grade: s.grade, class: s.class, scores: [] };
    group.scores.push(s.score);
    groups.set(id, group);
  }
  return [...groups.values()].sort((a, b) => a.grade - b.grade || a.class - b.class).map((g) => ({ grade: g.grade, class: g.class, ...statsOf(g.scores)! }));
}

export function resultsOf(card: ScoredCard): Results {
  const scores = card.students.map((s) => s.score);
  return {
    pending_review: card.pendingReview,
    absent: card.absent,
    keyed: card.keyed,
    max_score: card.maxScore,
    choice_max: card.choiceMax,
    written_max: card.writtenMax,
    questions: card.questions.map((q) => ({ q: q.q, showno: q.showno, kind: q.kind, points: q.points, answer: q.answer })),
    written: card.written,
    ungraded: card.students.reduce((sum, s) => sum + s.ungraded, 0),
    students: card.students,
    stats: statsOf(scores),
    histogram: histogramOf(scores, card.maxScore),
    classes: classStats(card.students),
    versions: card.versions,
  };
}

export function itemsOf(card: ScoredCard): ItemAnalysis[] {
  return analyseItems(card.questions, card.students);
}

/** scores.results: the selection's students with scores, ranks, statistics and histogram. */
export async function cardResults(deps: Deps, actor: Actor, input: TScoresInput): Promise<Results> {
  return resultsOf(await scoredCard(deps, actor, input));
}

/** KR-20 or Cronbach's α of the selection's scores, and the standard error of measurement. */
export function reliabilityOfCard(card: ScoredCard): Reliability | null {
  return scoreReliability(card.questions, card.students);
}

/** scores.items: item analysis of the selection (choice, then written questions), its reliability, and how many students it covers. */
export async function cardItems(deps: Deps, actor: Actor, input: TScoresInput): Promise<{ items: ItemAnalysis[]; written: WrittenItem[]; count: number; reliability: Reliability | null; pending_review: number; absent: number; versions: Results['versions'] }> {
  const card = await scoredCard(deps, actor, input);
  return { items: itemsOf(card), written: analyseWritten(card.written, card.students), count: card.students.length, reliability: reliabilityOfCard(card), pending_review: card.pendingReview, absent: card.absent.length, versions: card.versions };
}
