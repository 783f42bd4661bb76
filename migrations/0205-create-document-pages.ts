import { sql, type Kysely } from 'kysely';

// One row per page of a card or template, in the legacy page shape (docs/cards.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page_no', 'integer', (c) => c.notNull())
    .addColumn('html', sql`mediumtext`, (c) => c.notNull())
    .addColumn('css', sql`mediumtext`, (c) => c.notNull())
    .addColumn('styles', sql`mediumtext`, (c) => c.notNull())
    .addColumn('components', sql`longtext`, (c) => c.notNull())
    .addColumn('assets', sql`longtext`, (c) => c.notNull())
    .addColumn('params', sql`mediumtext`, (c) => c.notNull())
    .addColumn('updated_at', sql`datetime(3)`, (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`).modifyEnd(sql`ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .addUniqueConstraint('document_pages_document_page', ['document_id', 'page_no'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_pages').execute();
}
