import type { Db } from '../db/database';

export function findClientByCode(db: Db, code: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'code', 'name', 'status', 'start_at', 'expiry_at'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Schools offered by the sign-in picker: enabled ones, parents before their sub-schools. */
export function listSignInSchools(db: Db) {
  return db
    .selectFrom('clients')
    .select(['code', 'name'])
    .where('status', '=', 'normal')
    .orderBy('parent_id')
    .orderBy('name')
    .execute();
}
