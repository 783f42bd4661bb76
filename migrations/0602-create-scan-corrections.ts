import { sql, type Kysely } from 'kysely';

// What review decided about a page, beside the read values (which never change): an answer for a
// question (kind 'answer', q ≥ 1), the student a page belongs to ('student', q 0), or that the
// page is discarded ('discard', q 0). One row per (page, kind, q): deciding again replaces it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_corrections')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('scan_pages.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('q', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('scan_corrections_page_kind_q', ['page_id', 'kind', 'q'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_corrections').execute();
}
