import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { GradeSource } from '../../shared/scoring/written-points';
import type { Owner } from './rubrics.repo';

// Written points given in bulk (docs/grading.md "Rubrics, grades and who applied what"): the
// typed grid and legacy `save writtenScores` write many answers' grades in one call.

/**
 * Points given for many answers at once (the typed grid, legacy `save writtenScores`): each row
 * replaces that answer's grade — rubric items off, the version raised, so a teacher grading the
 * same answer on screen meanwhile gets a conflict instead of silently losing it.
 */
export async function givePoints(trx: Db, owner: Owner, source: GradeSource, rows: readonly { student_id: number; q: number; points: number; comment?: string }[]): Promise<void> {
  if (rows.length === 0) return;
  // Rows with a comment replace it; rows without keep the comment already there.
  for (const withComment of [true, false]) {
    const group = rows.filter((r) => (r.comment !== undefined) === withComment);
    if (group.length === 0) continue;
    const values = group.map((r) => ({ client_id: owner.client_id, document_id: owner.document_id, student_id: r.student_id, q: r.q, points: r.points, adjustment: 0, comment: r.comment ?? '', source, user_id: owner.user_id, username: owner.username }));
    await trx
      .insertInto('written_grades')
      .values(values)
      .onDuplicateKeyUpdate({
        points: sql`VALUES(points)`,
        adjustment: 0,
        comment: withComment ? sql`VALUES(comment)` : sql`comment`,
        source: sql`VALUES(source)`,
        version: sql`version + 1`,
        user_id: sql`VALUES(user_id)`,
        username: sql`VALUES(username)`,
        updated_at: sql`CURRENT_TIMESTAMP(3)`,
      })
      .execute();
  }
  await trx
    .deleteFrom('written_grade_items')
    .where('grade_id', 'in', (eb) =>
      eb
        .selectFrom('written_grades')
        .select('id')
        .where('client_id', '=', owner.client_id)
        .where('document_id', '=', owner.document_id)
        .where(sql<boolean>`(student_id, q) IN (${sql.join(rows.map((r) => sql`(${r.student_id}, ${r.q})`))})`),
    )
    .execute();
}
