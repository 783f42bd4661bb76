import type { Kysely } from 'kysely';

// A card's print log, newest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('print_logs_document_created').on('print_logs').columns(['document_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('print_logs_document_created').on('print_logs').execute();
}
