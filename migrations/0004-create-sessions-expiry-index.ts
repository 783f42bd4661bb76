import type { Kysely } from 'kysely';

// The purge job deletes by expiry; without this it scans the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_at').on('sessions').execute();
}
