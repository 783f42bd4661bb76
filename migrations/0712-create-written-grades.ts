import { sql, type Kysely } from 'kysely';

// One student's grade on one written question of a card (docs/grading.md): either `points`
// given directly (typed, pasted, sent by an integrator) or, when null, the rubric items applied
// (written_grade_items) plus `adjustment`, counted on read against the question's maximum —
// so a rubric or maximum edit re-scores everyone at once. `version` rises with every save and a
// save naming an older version is refused: two teachers grading at once never overwrite each
// other. Who and when on every row.
//
// `student_id` names a roster row but has no foreign key on purpose: a roster re-import deletes
// and re-inserts the school's rows under the same ids (students.repo.ts replaceRoster), which a
// cascade would turn into every grade of the school lost.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('written_grades')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('q', 'integer', (c) => c.notNull())
    .addColumn('points', sql`decimal(6,2)`)
    .addColumn('adjustment', sql`decimal(6,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('comment', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('written_grades_document_student_q', ['document_id', 'student_id', 'q'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('written_grades').execute();
}
