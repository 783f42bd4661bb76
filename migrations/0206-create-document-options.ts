import { sql, type Kysely } from 'kysely';

// Per-page editor options: code 'p'+page number, key question_total or page_total.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_options')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('code', 'varchar(10)', (c) => c.notNull())
    .addColumn('key', 'varchar(30)', (c) => c.notNull())
    .addColumn('value', 'varchar(50)', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_options_pk', ['document_id', 'code', 'key'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_options').execute();
}
