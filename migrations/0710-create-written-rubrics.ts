import { sql, type Kysely } from 'kysely';

// A rubric per written (free-answer) question of a card (docs/grading.md): how its items count —
// 'positive' (from 0, items add) or 'negative' (from the question's maximum, items deduct) — and
// a version that every save raises, so two teachers editing one rubric never overwrite each
// other (a save naming an older version is refused). One row per (card, question).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('written_rubrics')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('q', 'integer', (c) => c.notNull())
    .addColumn('scoring', 'varchar(10)', (c) => c.notNull().defaultTo('positive'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('written_rubrics_document_q', ['document_id', 'q'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('written_rubrics').execute();
}
