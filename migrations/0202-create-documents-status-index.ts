import type { Kysely } from 'kysely';

// The card list sorted by status.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_client_status').on('documents').columns(['client_id', 'kind', 'status', 'created_at', 'id', 'user_id', 'privacy']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_client_status').on('documents').execute();
}
