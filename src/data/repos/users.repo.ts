import type { Db } from '../db/database';

/** Found by the column's collation, which also ignores accents: the caller compares identities. */
export function findUserForSignIn(db: Db, clientId: number, account: string) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'name', 'password_hash', 'status'])
    .where('client_id', '=', clientId)
    .where('account', '=', account)
    .executeTakeFirst();
}

export function findPasswordHash(db: Db, userId: number) {
  return db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, must_change_password: 0 }).where('id', '=', userId).execute();
}
