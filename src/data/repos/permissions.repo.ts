import type { Db } from '../db/database';

export async function allowedForClient(db: Db, clientId: number): Promise<string[]> {
  const rows = await db.selectFrom('client_permissions').select('permission').where('client_id', '=', clientId).execute();
  return rows.map((r) => r.permission);
}

export async function grantedToUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).execute();
  return rows.map((r) => r.permission);
}
