import { sql, type Kysely } from 'kysely';

// One row per school: allowed card modes/sizes, default templates per category (Vcards) and
// feature switches. JSON columns hold small lists validated by the service on every write.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_settings')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('data_mode', 'text', (c) => c.notNull())
    .addColumn('data_size', 'text', (c) => c.notNull())
    .addColumn('vcards', 'text', (c) => c.notNull())
    .addColumn('image_text_blocks', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', sql`datetime(3)`, (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`).modifyEnd(sql`ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_settings').execute();
}
