import { accountIdentity } from '../../shared/account-name';
import type { Db } from '../db/database';
import { SCHOOL_ROLES, type SchoolRole } from '../../shared/schemas/users';

// A school's people: teachers and school administrators (the system school's administrators are
// never among them). `role` narrows the list; the legacy list asks for teachers only.

/** A school's people, optionally filtered by part of the name, newest last for stable pages. */
export function teacherListQuery(db: Db, clientId: number, name?: string, role: SchoolRole | 'all' = 'teacher') {
  let query = db
    .selectFrom('users as u')
    .innerJoin('clients as c', 'c.id', 'u.client_id')
    .select(['u.id as client_user_id', 'u.client_id', 'u.name', 'u.account', 'u.status', 'u.role', 'c.code'])
    .where('u.client_id', '=', clientId)
    .where('u.role', 'in', role === 'all' ? SCHOOL_ROLES : [role]);
  if (name) query = query.where('u.name', 'like', `%${name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  return query.orderBy('u.id');
}

export function findTeacher(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('clients as c', 'c.id', 'u.client_id')
    .select(['u.id as client_user_id', 'u.client_id', 'u.name', 'u.account', 'u.status', 'u.role', 'c.code'])
    .where('u.id', '=', userId)
    .where('u.role', 'in', SCHOOL_ROLES)
    .executeTakeFirst();
}

export function findTeachersByIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('users').select(['id', 'client_id', 'role']).where('id', 'in', ids).where('role', 'in', SCHOOL_ROLES).execute();
}

export async function countTeachers(db: Db, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('role', '=', 'teacher')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The school's administrators other than `leaving` (locked, so two revocations never both pass). */
export async function countOtherAdmins(db: Db, clientId: number, leaving: readonly number[]): Promise<number> {
  let query = db.selectFrom('users').select('id').where('client_id', '=', clientId).where('role', '=', 'school_admin');
  if (leaving.length > 0) query = query.where('id', 'not in', leaving);
  return (await query.forUpdate().execute()).length;
}

/** Accounts among `accounts` that the school already uses (any role: accounts are unique per school). */
export async function existingAccounts(db: Db, clientId: number, accounts: readonly string[]): Promise<Set<string>> {
  if (accounts.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('account').where('client_id', '=', clientId).where('account', 'in', accounts).execute();
  return new Set(rows.map((r) => accountIdentity(r.account)));
}

export async function insertTeachers(
  trx: Db,
  clientId: number,
  rows: readonly { name: string; account: string; password_hash: string; role?: SchoolRole; must_change_password: number }[],
): Promise<number[]> {
  const ids: number[] = [];
  // One insert per row: MariaDB reports only the first id of a multi-row insert.
  for (const row of rows) {
    const result = await trx.insertInto('users').values({ client_id: clientId, ...row, role: row.role ?? 'teacher' }).executeTakeFirstOrThrow();
    ids.push(Number(result.insertId));
  }
  return ids;
}

export async function updateTeacher(db: Db, userId: number, values: { name: string; account: string; password_hash?: string; role?: SchoolRole; must_change_password?: number }): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

export async function deleteTeachers(trx: Db, ids: readonly number[]): Promise<number> {
  const result = await trx.deleteFrom('users').where('id', 'in', ids).where('role', 'in', SCHOOL_ROLES).executeTakeFirst();
  return Number(result.numDeletedRows);
}
