import type { GradeView, TGivePointsInput, TLegacyWrittenScoresInput, TRemoveGradeInput, TSaveGradeInput, TWrittenQuestionInput } from '../../../shared/schemas/grading';
import { writtenPoints } from '../../../shared/scoring/written-points';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { rubricsOfCard, type Rubric } from '../../../data/repos/rubrics.repo';
import { gradesOfCard, removeGrade as removeGradeRow, saveGrade as saveGradeRow, type WrittenGrade } from '../../../data/repos/written-grades.repo';
import { givePoints as givePointsRows } from '../../../data/repos/written-scores.repo';
import { findStudent, studentIdsOfSchool, studentsByNumbers } from '../../../data/repos/students.repo';
import { schoolTime } from '../cards/card-rows';
import { checkMax, gradeConflict, writtenCard, writtenQuestion, type WrittenCard } from './written-card';

// Grades of written answers (docs/grading.md "Grades"): one at a time from the grading screen
// (optimistic versions: a second teacher's stale save is refused with who and when), points in
// bulk from the typed grid and legacy `save writtenScores`. Every call in one transaction.

export function gradeView(grade: WrittenGrade, rubric: Rubric | null, max: number): GradeView {
  const counted = writtenPoints(grade, rubric, max);
  return {
    student_id: grade.student_id,
    q: grade.q,
    points: counted.points,
    capped: counted.capped,
    given: grade.points,
    item_ids: grade.itemIds,
    adjustment: grade.adjustment,
    comment: grade.comment,
    source: grade.source,
    version: grade.version,
    username: grade.username,
    updated_at: schoolTime(grade.updated_at),
  };
}

/** One question's grades with the points they count for now. */
export async function questionGrades(deps: Deps, actor: Actor, input: TWrittenQuestionInput): Promise<GradeView[]> {
  const card = await writtenCard(deps, actor, input.guid);
  const question = writtenQuestion(card, input.q);
  const [[rubric], grades] = await Promise.all([rubricsOfCard(deps.db, actor.clientId, card.doc.id, input.q), gradesOfCard(deps.db, actor.clientId, card.doc.id, input.q)]);
  return grades.map((g) => gradeView(g, rubric ?? null, question.points));
}

/** A student of the school that has answered this card. */
async function checkStudent(deps: Deps, card: WrittenCard, studentId: number): Promise<void> {
  const found = await findStudent(deps.db, card.owner.client_id, studentId);
  if (!found) throw new AppError('NOT_FOUND', 'grading.studentMissing');
}

export async function saveGrade(deps: Deps, actor: Actor, input: TSaveGradeInput) {
  const card = await writtenCard(deps, actor, input.guid);
  const question = writtenQuestion(card, input.q);
  if (input.points !== null) checkMax(question, input.points, 'points');
  await checkStudent(deps, card, input.student_id);
  const value = { points: input.points, adjustment: input.adjustment, comment: input.comment, source: 'screen' as const, itemIds: input.item_ids };
  const result = await deps.db.transaction().execute((trx) => saveGradeRow(trx, card.owner, input.student_id, input.q, input.version, value));
  if (result.status === 'unknown-item') throw new AppError('BAD_REQUEST', 'grading.unknownItem', { q: input.q }, { item_ids: 'grading.unknownItem' });
  if (result.status === 'conflict') throw gradeConflict(result.current);
  const [rubric] = await rubricsOfCard(deps.db, actor.clientId, card.doc.id, input.q);
  return { message: 'grading.saved' as const, grade: gradeView(result.grade, rubric ?? null, question.points) };
}

export async function removeGrade(deps: Deps, actor: Actor, input: TRemoveGradeInput) {
  const card = await writtenCard(deps, actor, input.guid);
  writtenQuestion(card, input.q);
  const removed = await deps.db.transaction().execute((trx) => removeGradeRow(trx, card.owner, input.student_id, input.q, input.version));
  if (!removed) throw gradeConflict((await gradesOfCard(deps.db, actor.clientId, card.doc.id, input.q)).find((g) => g.student_id === input.student_id) ?? null);
  return { message: 'grading.removed' as const };
}

type PointsRow = { student_id: number; q: number; points: number; comment?: string };

async function writePoints(deps: Deps, card: WrittenCard, source: 'typed' | 'legacy', rows: readonly PointsRow[], field: (i: number) => string) {
  rows.forEach((row, i) => checkMax(writtenQuestion(card, row.q, `${field(i)}.q`), row.points, `${field(i)}.points`));
  await deps.db.transaction().execute((trx) => givePointsRows(trx, card.owner, source, rows));
  return { message: 'grading.pointsSaved' as const, params: { count: rows.length } };
}

/** The typed grid: points per student of the school and written question; all or nothing. */
export async function givePoints(deps: Deps, actor: Actor, input: TGivePointsInput) {
  const card = await writtenCard(deps, actor, input.guid);
  const ids = [...new Set(input.rows.map((r) => r.student_id))];
  const known = await studentIdsOfSchool(deps.db, actor.clientId, ids);
  if (known.length !== ids.length) throw new AppError('NOT_FOUND', 'grading.studentMissing');
  return writePoints(deps, card, 'typed', input.rows, (i) => `rows.${i}`);
}

/** Legacy `save writtenScores`: student numbers of the school; an unknown number refuses the whole call. */
export async function saveLegacyWrittenScores(deps: Deps, actor: Actor, input: TLegacyWrittenScoresInput) {
  const card = await writtenCard(deps, actor, input.guid);
  const numbers = [...new Set(input.scores.map((s) => s.student_number))];
  const found = await studentsByNumbers(deps.db, actor.clientId, numbers);
  const byNumber = new Map(found.map((s) => [s.number, s.id]));
  const unknown = numbers.filter((n) => !byNumber.has(n));
  if (unknown.length > 0) throw new AppError('BAD_REQUEST', 'grading.unknownStudents', { numbers: unknown.slice(0, 20).join('、') }, { scores: 'grading.unknownStudents' });
  const rows = input.scores.map((s) => ({ student_id: byNumber.get(s.student_number)!, q: s.q, points: s.points, ...(s.comment !== undefined ? { comment: s.comment } : {}) }));
  return writePoints(deps, card, 'legacy', rows, (i) => `scores.${i}`);
}
