import { sql } from 'kysely';
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
      'sessions.created_at as createdAt',
      'sessions.last_used_at as lastUsedAt',
      'users.id as userId',
      'users.name',
      'users.account',
      'users.role',
      'users.status as userStatus',
      'users.must_change_password as mustChangePassword',
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

/** Slides the expiry and/or records the use, in one write. */
export async function refreshSession(db: Db, sessionId: string, change: { expires_at?: Date; last_used_at?: Date }): Promise<void> {
  await db.updateTable('sessions').set(change).where('id', '=', sessionId).execute();
}

/** The user's live sessions, most recently used first. */
export function listUserSessions(db: Db, userId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
    .execute();
}

/** Ends the user's sessions beyond the newest `keep` (by creation); returns how many ended. */
export async function trimUserSessions(db: Db, userId: number, keep: number): Promise<number> {
  const surplus = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1_000_000)
    .offset(keep)
    .execute();
  if (surplus.length === 0) return 0;
  await db.deleteFrom('sessions').where('id', 'in', surplus.map((row) => row.id)).execute();
  return surplus.length;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Db, userId: number, exceptSessionId?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
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
