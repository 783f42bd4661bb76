import { sql, type Kysely } from 'kysely';

// A card's answer key (docs/scores.md): one row per scorable question of its map — the correct
// value(s), the other accepted answers, points, scoring rule, bonus, dropped — with who saved it
// and when. Scores are not stored: they are computed from the read answers and this key on read,
// so changing the key re-scores everything at once without re-reading a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('answer_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('q', 'integer', (c) => c.notNull())
    .addColumn('answer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    /** JSON array of the other accepted answers, e.g. ["B","AC"]. */
    .addColumn('accepted', 'varchar(512)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('points', sql`decimal(7,2)`, (c) => c.notNull().defaultTo(1))
    .addColumn('rule', 'varchar(10)', (c) => c.notNull().defaultTo('all'))
    .addColumn('bonus', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dropped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('answer_keys_document_q', ['document_id', 'q'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('answer_keys').execute();
}
