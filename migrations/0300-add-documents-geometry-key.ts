import type { Kysely } from 'kysely';

// documents.geometry_key: the canonical geometry map stored beside the PDF (pdf-rendering.md); set with pdf_key in one update.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('geometry_key', 'varchar(255)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('geometry_key').execute();
}
