import type { Kysely } from 'kysely';

// The card list sorted by title.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_client_title').on('documents').columns(['client_id', 'kind', 'title', 'id', 'user_id', 'privacy']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_client_title').on('documents').execute();
}
