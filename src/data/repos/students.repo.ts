import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { NewStudent } from '../db/tables/students.table';
import { paginate, type PageInput } from './paginate';

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
 * whose number is still on the roster keeps their row (and id), updated in place: printed cards name
 * students by id in their page codes (docs/omr-geometry.md), and scanned pages, attendance and
 * grades point at that row, so a re-import between printing and scanning — or after scanning —
 * must neither orphan the sheets handed out nor unlink the pages already read. Only students no
 * longer on the roster are deleted.
 */
/** Replaces the school's roster with `rows`; answers how many students the old roster had. */
export async function replaceRoster(trx: Db, clientId: number, rows: readonly Omit<NewStudent, 'client_id'>[]): Promise<number> {
  const old = await trx.selectFrom('students').select(['id', 'number']).where('client_id', '=', clientId).forUpdate().execute();
  const idOf = new Map(old.map((s) => [s.number, s.id]));
  const kept = rows.filter((r) => idOf.has(r.number));
  const keptIds = kept.map((r) => idOf.get(r.number)!);
  let gone = trx.deleteFrom('students').where('client_id', '=', clientId);
  if (keptIds.length > 0) gone = gone.where('id', 'not in', keptIds);
  await gone.execute();
  // Seats are unique per class: the kept rows step aside to their negated seats (unique, since their
  // seats were) before they move, so two students swapping seats never meet on one.
  await trx.updateTable('students').set({ seat: sql<number>`-seat` }).where('client_id', '=', clientId).execute();
  const CHUNK = 500;
  for (let i = 0; i < kept.length; i += CHUNK) {
    const part = kept.slice(i, i + CHUNK);
    const ids = part.map((r) => idOf.get(r.number)!);
    const pick = <T extends string | number | null>(value: (r: (typeof part)[number]) => T) =>
      sql<T>`case id ${sql.join(part.map((r, j) => sql`when ${ids[j]} then ${value(r)}`), sql` `)} end`;
    await trx
      .updateTable('students')
      .set({ grade: pick((r) => r.grade), class: pick((r) => r.class), seat: pick((r) => r.seat), name: pick((r) => r.name), exam_version: pick((r) => r.exam_version ?? null) })
      .where('client_id', '=', clientId)
      .where('id', 'in', ids)
      .execute();
  }
  const added = rows.filter((r) => !idOf.has(r.number));
  for (let i = 0; i < added.length; i += CHUNK * 2) {
    await trx
      .insertInto('students')
      .values(added.slice(i, i + CHUNK * 2).map((r) => ({ ...r, client_id: clientId })))
      .execute();
  }
  return old.length;
}

/** The grades of a school, a page of them (counted by distinct grade). */
export function gradeListPage(db: Db, clientId: number, page: PageInput) {
  return paginate(gradeListQuery(db, clientId), page, sql<number>`count(distinct grade)`);
}

/** The classes of a grade, a page of them (counted by distinct class). */
export function classListPage(db: Db, clientId: number, grade: number, page: PageInput) {
  return paginate(classListQuery(db, clientId, grade), page, sql<number>`count(distinct class)`);
}

export async function updateStudent(db: Db, clientId: number, id: number, values: Omit<NewStudent, 'client_id'>): Promise<void> {
  await db.updateTable('students').set(values).where('id', '=', id).where('client_id', '=', clientId).execute();
}

export async function insertStudent(db: Db, clientId: number, values: Omit<NewStudent, 'client_id'>): Promise<number> {
  const result = await db.insertInto('students').values({ ...values, client_id: clientId }).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function deleteStudentRow(db: Db, clientId: number, id: number): Promise<void> {
  await db.deleteFrom('students').where('id', '=', id).where('client_id', '=', clientId).execute();
}

/** Which of `ids` are students of the school. */
export function studentIdsOfSchool(db: Db, clientId: number, ids: readonly number[]) {
  return db.selectFrom('students').select('id').where('client_id', '=', clientId).where('id', 'in', ids).execute();
}

/** The school's students with one of these numbers. */
export function studentsByNumbers(db: Db, clientId: number, numbers: readonly string[]) {
  return db.selectFrom('students').select(['id', 'number']).where('client_id', '=', clientId).where('number', 'in', numbers).execute();
}

/** The school's students with this number (trimmed), as the review's student search shows them. */
export function studentsWithNumber(db: Db, clientId: number, number: string) {
  return db.selectFrom('students').select(['id', 'number', 'name', 'grade', 'class', 'seat']).where('client_id', '=', clientId).where('number', '=', number.trim()).execute();
}

/** The school's students at a class and seat. */
export function studentsAtSeat(db: Db, clientId: number, at: { grade: number; class: number; seat: number }) {
  return db
    .selectFrom('students')
    .select(['id', 'number', 'name', 'grade', 'class', 'seat'])
    .where('client_id', '=', clientId)
    .where('grade', '=', at.grade)
    .where('class', '=', at.class)
    .where('seat', '=', at.seat)
    .execute();
}

/** Every student id of the school (the page codes a blurred photo may carry: src/worker/jobs/scan-codes.ts). */
export function schoolStudentIds(db: Db, clientId: number) {
  return db.selectFrom('students').select('id').where('client_id', '=', clientId).orderBy('id').execute();
}
