import type { WrittenKeyRow } from '../../../shared/schemas/scores';
import type { Actor } from '../../auth/actor';
import type { DocumentRow } from '../../../data/db/tables/documents.table';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import type { Owner } from '../../../data/repos/rubrics.repo';
import type { WrittenGrade } from '../../../data/repos/written-grades.repo';
import type { Rubric } from '../../../data/repos/rubrics.repo';
import { schoolTime } from '../cards/card-rows';
import { readableCard } from '../scan/scan-access';
import { loadKey } from '../scores/answer-key';

// The card a grading call works on (docs/grading.md "Doors"): reached as scans are (`cards.scan`
// on a card the actor may read, else 403/404), with its written questions and their maxima.

export interface WrittenCard {
  doc: DocumentRow;
  owner: Owner;
  written: WrittenKeyRow[];
}

export async function writtenCard(deps: Deps, actor: Actor, guid: string): Promise<WrittenCard> {
  const doc = await readableCard(deps.db, actor, guid);
  const key = await loadKey(deps, actor.clientId, doc);
  return { doc, owner: { client_id: actor.clientId, document_id: doc.id, user_id: actor.userId, username: actor.name }, written: key.written };
}

/** Question `q` of the card, which must be a written one (400 `grading.notWritten` otherwise). */
export function writtenQuestion(card: WrittenCard, q: number, field = 'q'): WrittenKeyRow {
  const question = card.written.find((w) => w.q === q);
  if (!question) throw new AppError('BAD_REQUEST', 'grading.notWritten', { q }, { [field]: 'grading.notWritten' });
  return question;
}

/** Points given above the question's maximum are refused (a rubric grade is bounded on read instead). */
export function checkMax(question: WrittenKeyRow, points: number, field: string): void {
  if (question.points > 0 && points > question.points) {
    throw new AppError('BAD_REQUEST', 'grading.overMax', { points, showno: question.showno, max: question.points }, { [field]: 'grading.overMax' });
  }
}

/** Another teacher's save won: who and when, in the school's time; nothing was written. */
export function gradeConflict(current: WrittenGrade | null): AppError {
  if (!current) return new AppError('CONFLICT', 'grading.conflictRemoved');
  return new AppError('CONFLICT', 'grading.conflict', { username: current.username, time: schoolTime(current.updated_at) });
}

export function rubricConflict(current: Rubric | null): AppError {
  if (!current) return new AppError('CONFLICT', 'grading.rubricConflictRemoved');
  return new AppError('CONFLICT', 'grading.rubricConflict', { username: current.username, time: schoolTime(current.updated_at) });
}
