import type { Kysely } from 'kysely';

// documents.pdf_error: why the last conversion failed, after its retries; cleared when a new one starts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('pdf_error', 'varchar(500)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('pdf_error').execute();
}
