import type { Kysely } from 'kysely';

// The batch list of a card's scan screen, newest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('scan_batches_document').on('scan_batches').columns(['document_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('scan_batches_document').on('scan_batches').execute();
}
