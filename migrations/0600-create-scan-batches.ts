import { sql, type Kysely } from 'kysely';

// One row per uploaded scan file (docs/scan-batches.md): its state lives here as well as in Redis,
// so a batch stays visible, and can be queued again, after Redis is lost.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_batches')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('pages_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(500)')
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('finished_at', sql`datetime(3)`)
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_batches').execute();
}
