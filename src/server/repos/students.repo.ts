import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { NewStudent } from '../db/tables/students.table';

export function gradeListQuery(db: Db, clientId: number) {
  return db
    .selectFrom('students')
    .select(['grade', sql<number>`count(distinct class)`.as('classes'), sql<number>`count(*)`.as('students')])
    .where('client_id', '=', clientId)
    .groupBy('grade')
    .orderBy('grade');
}

export function classListQuery(db: Db, clientId: number, grade: number) {
  return db
    .selectFrom('students')
    .select(['grade', 'class', sql<number>`count(*)`.as('students')])
    .where('client_id', '=', clientId)
    .where('grade', '=', grade)
    .groupBy(['grade', 'class'])
    .orderBy('class');
}

export function studentListQuery(db: Db, clientId: number, filter: { grade?: number; class?: number; q?: string }) {
  let query = db.selectFrom('students').select(['id', 'grade', 'class', 'seat', 'number', 'name']).where('client_id', '=', clientId);
  if (filter.grade !== undefined) query = query.where('grade', '=', filter.grade);
  if (filter.class !== undefined) query = query.where('class', '=', filter.class);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    query = query.where((eb) => eb.or([eb('name', 'like', like), eb('number', 'like', like)]));
  }
  return query.orderBy('grade').orderBy('class').orderBy('seat').orderBy('id');
}

export function findStudent(db: Db, clientId: number, id: number) {
  return db.selectFrom('students').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}

/** A student other than `exceptId` holding the seat or the number (locked until the caller commits). */
export function findClash(db: Db, clientId: number, s: { grade: number; class: number; seat: number; number: string }, exceptId?: number) {
  let query = db
    .selectFrom('students')
    .selectAll()
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb.and([eb('grade', '=', s.grade), eb('class', '=', s.class), eb('seat', '=', s.seat)]), eb('number', '=', s.number)]));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.forUpdate().execute();
}

/**
 * Inside the caller's transaction: the old roster goes only if the whole new one goes in. A student
 * whose number is still on the roster keeps their id: printed cards name students by id in their
 * page codes (docs/omr-geometry.md), so a re-import between printing and scanning must not orphan
 * the sheets already handed out.
 */
/** Replaces the school's roster with `rows`; answers how many students the old roster had. */
export async function replaceRoster(trx: Db, clientId: number, rows: readonly Omit<NewStudent, 'client_id'>[]): Promise<number> {
  const kept = new Map((await trx.selectFrom('students').select(['id', 'number']).where('client_id', '=', clientId).execute()).map((s) => [s.number, s.id]));
  await trx.deleteFrom('students').where('client_id', '=', clientId).execute();
  const CHUNK = 1000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('students')
      .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, client_id: clientId, ...(kept.has(r.number) ? { id: kept.get(r.number) } : {}) })))
      .execute();
  }
  return kept.size;
}
