import type { Db } from '../db/database';

type SchoolSet = 'client_permissions' | 'client_default_permissions';

export async function listSchoolSet(db: Db, table: SchoolSet, clientId: number): Promise<string[]> {
  const rows = await db.selectFrom(table).select('permission').where('client_id', '=', clientId).execute();
  return rows.map((r) => r.permission);
}

export async function replaceSchoolSet(trx: Db, table: SchoolSet, clientId: number, permissions: readonly string[]): Promise<void> {
  await trx.deleteFrom(table).where('client_id', '=', clientId).execute();
  if (permissions.length === 0) return;
  await trx.insertInto(table).values(permissions.map((permission) => ({ client_id: clientId, permission }))).execute();
}

export async function replaceUserSet(trx: Db, userIds: readonly number[], permissions: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await trx.deleteFrom('user_permissions').where('user_id', 'in', userIds).execute();
  const rows = userIds.flatMap((user_id) => permissions.map((permission) => ({ user_id, permission })));
  if (rows.length > 0) await trx.insertInto('user_permissions').values(rows).execute();
}

/** After a school's allowed set shrinks, no default or teacher grant may point outside it. */
export async function pruneOutside(trx: Db, clientId: number, allowed: readonly string[]): Promise<void> {
  const keep = allowed.length > 0 ? allowed : ['\u0000'];
  await trx.deleteFrom('client_default_permissions').where('client_id', '=', clientId).where('permission', 'not in', keep).execute();
  await trx
    .deleteFrom('user_permissions')
    .where('user_id', 'in', trx.selectFrom('users').select('users.id').where('users.client_id', '=', clientId))
    .where('permission', 'not in', keep)
    .execute();
}
