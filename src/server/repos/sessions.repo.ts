import type { Db } from '../db/database';
import type { NewSession } from '../db/tables/sessions.table';

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session with its user and school, in one query: every request needs all three. */
export function findSessionWithOwner(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'users.id as userId',
      'users.name',
      'users.account',
      'users.role',
      'users.status as userStatus',
      'clients.id as clientId',
      'clients.code as schoolCode',
      'clients.name as schoolName',
      'clients.status',
      'clients.start_at',
      'clients.expiry_at',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Db, userId: number, exceptSessionId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/** Ends every open session of a school, e.g. when it is disabled or its licence lapses. */
export async function deleteSchoolSessions(db: Db, clientId: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', 'in', db.selectFrom('users').select('users.id').where('users.client_id', '=', clientId))
    .execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
