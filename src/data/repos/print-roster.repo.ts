import { sql } from 'kysely';
import type { PrintOrder } from '../../shared/schemas/print';
import type { Db } from '../db/database';
import type { ExamVersion } from '../../shared/geometry/page-code';

// The roster as printing reads it: counts per class when a ticket is queued, one class's students
// in print order when it is printed (never a whole grade of rows at once).

export async function classCounts(db: Db, clientId: number, grade: number, classes: readonly number[]) {
  const rows = await db
    .selectFrom('students')
    .select(['class', sql<number>`count(*)`.as('n')])
    .where('client_id', '=', clientId)
    .where('grade', '=', grade)
    .where('class', 'in', classes)
    .groupBy('class')
    .execute();
  return new Map(rows.map((r) => [r.class, Number(r.n)]));
}

export async function hasStudents(db: Db, clientId: number): Promise<boolean> {
  return (await db.selectFrom('students').select('id').where('client_id', '=', clientId).limit(1).executeTakeFirst()) !== undefined;
}

/** seat: by 座號; sort: by 學號 as text (schools pad their numbers), the seat breaking ties. */
export function classRoster(db: Db, clientId: number, grade: number, klass: number, order: PrintOrder) {
  const query = db.selectFrom('students').select(['id', 'name', 'number', 'seat', 'exam_version']).where('client_id', '=', clientId).where('grade', '=', grade).where('class', '=', klass);
  return (order === 'sort' ? query.orderBy('number').orderBy('seat') : query.orderBy('seat').orderBy('number')).orderBy('id').execute();
}

/** The grade's printed text (names, numbers, seats) for the job's font subset: small rows, no PDF. */
export function gradeTextRows(db: Db, clientId: number, grade: number, classes: readonly number[]) {
  return db.selectFrom('students').select(['name', 'number', 'seat']).where('client_id', '=', clientId).where('grade', '=', grade).where('class', 'in', classes).execute();
}

/** A print in versions by the roster's 卷別: the chosen classes' students whose 卷別 is none of `letters`. */
export async function studentsWithoutVersion(db: Db, clientId: number, grade: number, classes: readonly number[], letters: readonly ExamVersion[]) {
  const rows = await db
    .selectFrom('students')
    .select(['class', 'seat', 'name'])
    .where('client_id', '=', clientId)
    .where('grade', '=', grade)
    .where('class', 'in', classes)
    .where((eb) => eb.or([eb('exam_version', 'is', null), eb('exam_version', 'not in', letters)]))
    .orderBy('class')
    .orderBy('seat')
    .execute();
  return rows;
}
