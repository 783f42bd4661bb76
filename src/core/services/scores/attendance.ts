import type { TAttendanceInput } from '../../../shared/schemas/scores';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { setAttendance, studentOfSchool } from '../../../data/repos/scan.repo';
import { readableCard } from '../scan/scan-access';

/** Marks a student of the card 缺考 or 補考 (or clears the mark: 缺考 by default while no sheet), who and when kept. */
export async function markAttendance(deps: Deps, actor: Actor, input: TAttendanceInput) {
  const doc = await readableCard(deps.db, actor, input.guid);
  const student = await studentOfSchool(deps.db, actor.clientId, input.studentId);
  if (!student) throw new AppError('NOT_FOUND', 'scan.studentMissing');
  await setAttendance(deps.db, { client_id: actor.clientId, document_id: doc.id, student_id: student.id, mark: input.mark, user_id: actor.userId, username: actor.name });
  return { message: 'scores.attendanceSaved' as const };
}
