import { sql, type Kysely } from 'kysely';

// One row per printed file; the print service (issue 7) writes them, the log screen reads them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('print_logs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('class', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_logs').execute();
}
