import { sql, type Kysely } from 'kysely';

// version_questions: for a card printed in versions (A/B 卷, issue 26), where each question of a
// version's sheet sits in the master (A 卷) key — `q` the question as printed on that version,
// `master_q` the master question, `options` (JSON, or null when in the same order) the master
// option each printed option stands for. Scores un-shuffle a sheet through it and score every
// version with the one master key (docs/scores.md "Versions").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('version_questions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version', 'char(1)', (c) => c.notNull())
    .addColumn('q', 'integer', (c) => c.notNull())
    .addColumn('master_q', 'integer', (c) => c.notNull())
    .addColumn('options', 'varchar(512)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('version_questions_document_version_q', ['document_id', 'version', 'q'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('version_questions').execute();
}
