import type { Db } from '../db/database';
import type { ClientUpdate, NewClient } from '../db/tables/clients.table';
import { SYSTEM_SCHOOL_CODE } from '../../shared/limits';

/** The school list: top level (parentId null) or one parent's sub-schools, with their counts. */
export function clientListQuery(db: Db, parentId: number | null, q?: string) {
  let query = db
    .selectFrom('clients as c')
    .select((eb) => [
      'c.id as client_id',
      'c.parent_id',
      'c.name',
      'c.nickname',
      'c.code',
      'c.max_account',
      'c.start_at',
      'c.expiry_at',
      'c.status',
      eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).whereRef('users.client_id', '=', 'c.id').where('users.role', '=', 'teacher').as('total'),
      eb.selectFrom('students').select(eb.fn.countAll<number>().as('n')).whereRef('students.client_id', '=', 'c.id').as('students'),
      eb.selectFrom('clients as s').select(eb.fn.countAll<number>().as('n')).whereRef('s.parent_id', '=', 'c.id').as('sub_clients'),
    ])
    .where('c.code', '!=', SYSTEM_SCHOOL_CODE);
  // A search looks through every school (sub-schools too), by part of the name, nickname or code.
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    query = query.where((eb) => eb.or([eb('c.name', 'like', like), eb('c.nickname', 'like', like), eb('c.code', 'like', like)]));
    if (parentId !== null) query = query.where('c.parent_id', '=', parentId);
  } else query = parentId === null ? query.where('c.parent_id', 'is', null) : query.where('c.parent_id', '=', parentId);
  // Newest first: the school just added is the one the administrator works on next.
  return query.orderBy('c.id', 'desc');
}

export function findClient(db: Db, id: number) {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function codeExists(db: Db, code: string): Promise<boolean> {
  return Boolean(await db.selectFrom('clients').select('id').where('code', '=', code).executeTakeFirst());
}

export async function insertClient(db: Db, values: NewClient): Promise<number> {
  const result = await db.insertInto('clients').values(values).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateClient(db: Db, id: number, values: ClientUpdate): Promise<void> {
  await db.updateTable('clients').set(values).where('id', '=', id).execute();
}

export async function countSubClients(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('clients').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a school holds, for the delete confirmation. */
export async function countSchoolHoldings(db: Db, id: number) {
  const count = (table: 'users' | 'students' | 'documents') =>
    db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', id).executeTakeFirstOrThrow();
  const [users, students, documents] = await Promise.all([count('users'), count('students'), count('documents')]);
  return { users: Number(users.n), students: Number(students.n), cards: Number(documents.n) };
}

/**
 * Removes a school and everything it owns. Sessions and user permissions go with their users, and
 * school permission/settings rows by cascade; the rest is deleted here by name so nothing orphans.
 */
export async function deleteClientRows(trx: Db, id: number): Promise<void> {
  // Cards and templates take their pages, options, shares and print-log rows with them (FK cascade).
  await trx.deleteFrom('documents').where('client_id', '=', id).execute();
  await trx.deleteFrom('students').where('client_id', '=', id).execute();
  await trx.deleteFrom('users').where('client_id', '=', id).execute();
  await trx.deleteFrom('clients').where('id', '=', id).execute();
}

/** Every school but the system one, parents before their sub-schools, for pickers. */
export function listClientsBrief(db: Db) {
  return db
    .selectFrom('clients')
    .select(['id as client_id', 'name', 'code', 'parent_id'])
    .where('code', '!=', SYSTEM_SCHOOL_CODE)
    .orderBy('parent_id')
    .orderBy('id')
    .execute();
}

/** A school and its sub-schools, the school first: what its administrator looks after. */
export function ownSchools(db: Db, clientId: number) {
  return db
    .selectFrom('clients')
    .select(['id as client_id', 'name', 'code', 'parent_id'])
    .where((eb) => eb.or([eb('id', '=', clientId), eb('parent_id', '=', clientId)]))
    .orderBy('parent_id')
    .orderBy('id')
    .execute();
}
