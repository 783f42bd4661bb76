import type { Kysely } from 'kysely';

// A school's cards newest first; user_id and privacy make the visibility filter and the count index-only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_client_created').on('documents').columns(['client_id', 'kind', 'created_at', 'id', 'user_id', 'privacy']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_client_created').on('documents').execute();
}
