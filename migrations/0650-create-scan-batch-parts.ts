import { sql, type Kysely } from 'kysely';

// A scan batch is read as page-range parts (docs/scan-batches.md "Parts"): one row and one job per
// part, each resumable on its own, so several workers read one big batch and schools take turns.
// Batches still queued or reading when this runs get one part over all their pages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_batch_parts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('scan_batches.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('part_no', 'integer', (c) => c.notNull())
    .addColumn('first_page', 'integer', (c) => c.notNull())
    .addColumn('last_page', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queue_rank', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('error', 'varchar(500)')
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('finished_at', sql`datetime(3)`)
    .addUniqueConstraint('scan_batch_parts_batch_part', ['batch_id', 'part_no'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
  await db.schema.createIndex('scan_batch_parts_client_state').on('scan_batch_parts').columns(['client_id', 'state']).execute();
  await sql`INSERT INTO scan_batch_parts (batch_id, client_id, part_no, first_page, last_page, state)
    SELECT id, client_id, 1, 1, GREATEST(pages_total, 1), 'queued' FROM scan_batches WHERE state IN ('queued', 'reading')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_batch_parts').execute();
}
