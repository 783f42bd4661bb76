import { sql, type Kysely } from 'kysely';

// A batch is deleted softly (undoable: its pages and their decisions come back with it), and
// knows its file's SHA-256 so an identical re-upload is recognised (docs/scan-batches.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('scan_batches')
    .addColumn('deleted_at', sql`datetime(3)`)
    .addColumn('sha256', sql`char(64)`)
    .execute();
  await db.schema.createIndex('scan_batches_document_sha').on('scan_batches').columns(['document_id', 'sha256']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('scan_batches_document_sha').on('scan_batches').execute();
  await db.schema.alterTable('scan_batches').dropColumn('deleted_at').dropColumn('sha256').execute();
}
