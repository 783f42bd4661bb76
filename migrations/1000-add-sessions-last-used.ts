import { sql, type Kysely } from 'kysely';

// sessions.last_used_at: when the session last served a request (refreshed at most every few minutes),
// for the account menu's list of the user's sessions. NULL until its first refresh: created_at stands in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_used_at', sql`datetime(3)`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
}
