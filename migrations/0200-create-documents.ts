import { sql, type Kysely } from 'kysely';

// Cards and templates share one table (kind), so copying between them is one deep copy of rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('guid', sql`char(36) character set ascii`, (c) => c.notNull().unique())
    .addColumn('kind', sql`enum('card','template')`, (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('department', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('size', 'varchar(20)', (c) => c.notNull())
    .addColumn('privacy', sql`enum('system','client','user')`, (c) => c.notNull())
    .addColumn('share', 'int2', (c) => c.notNull().defaultTo(0))
    .addColumn('status', sql`enum('draft','converting','converted','failed')`, (c) => c.notNull().defaultTo('draft'))
    .addColumn('disabled', 'int2', (c) => c.notNull().defaultTo(0))
    .addColumn('source_id', 'integer')
    .addColumn('pdf_key', 'varchar(255)')
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', sql`datetime(3)`, (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`).modifyEnd(sql`ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('documents').execute();
}
