import type { Kysely } from 'kysely';

// A school's received shares, newest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('shares_to_created').on('shares').columns(['to_client_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shares_to_created').on('shares').execute();
}
