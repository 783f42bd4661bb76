import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('parent_id', 'integer', (c) => c.references('clients.id').onDelete('restrict'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('max_account', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('start_at', 'date')
    .addColumn('expiry_at', 'date')
    .addColumn('status', sql`enum('normal','disabled')`, (c) => c.notNull().defaultTo('normal'))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', sql`datetime(3)`, (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`).modifyEnd(sql`ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clients').execute();
}
