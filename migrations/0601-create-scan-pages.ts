import { sql, type Kysely } from 'kysely';

// One row per page of a batch, written once when the page is read: (batch_id, page_index) is
// unique, so a re-run batch (a retry, a killed worker) never stores a page twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('scan_batches.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page_index', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('card_page', 'integer')
    .addColumn('student_id', 'integer', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('copy_no', 'integer')
    .addColumn('upside_down', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('flags', 'text', (c) => c.notNull())
    .addColumn('reading', sql`mediumtext`, (c) => c.notNull())
    .addColumn('image_key', 'varchar(255)')
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('scan_pages_batch_index', ['batch_id', 'page_index'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_pages').execute();
}
