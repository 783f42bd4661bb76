import { sql, type Kysely } from 'kysely';

// A card shared to another school: `document_id` is the receiving school's own deep copy.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('document_id', 'integer', (c) => c.notNull().unique().references('documents.id').onDelete('cascade'))
    .addColumn('from_client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('to_client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shares').execute();
}
