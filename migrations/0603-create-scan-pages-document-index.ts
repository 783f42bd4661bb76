import type { Kysely } from 'kysely';

// The answers of a card: its identified pages, per student (docs/scan-batches.md "Answers").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('scan_pages_document_student').on('scan_pages').columns(['document_id', 'student_id', 'card_page']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('scan_pages_document_student').on('scan_pages').execute();
}
