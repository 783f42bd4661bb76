import type { Kysely } from 'kysely';

// documents.pdf_job: the queue job id of the conversion whose result may be recorded; a stale job's result is ignored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('pdf_job', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('pdf_job').execute();
}
