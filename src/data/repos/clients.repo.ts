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

/** A school's own scan limits (NULL: the host's defaults). */
export function scanLimitsOf(db: Db, clientId: number) {
  return db.selectFrom('clients').select(['scan_pages_in_flight', 'scan_pages_per_day']).where('id', '=', clientId).executeTakeFirst();
}

export async function setScanLimits(db: Db, clientId: number, limits: { scan_pages_in_flight: number | null; scan_pages_per_day: number | null }): Promise<void> {
  await db.updateTable('clients').set({ scan_pages_in_flight: limits.scan_pages_in_flight, scan_pages_per_day: limits.scan_pages_per_day }).where('id', '=', clientId).execute();
}

/** A school's id and parent (the school administrator's sub-schools). */
export function schoolParent(db: Db, clientId: number) {
  return db.selectFrom('clients').select(['id', 'parent_id']).where('id', '=', clientId).executeTakeFirst();
}
