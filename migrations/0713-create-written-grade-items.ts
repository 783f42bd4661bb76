import { sql, type Kysely } from 'kysely';

// Which rubric items a grade applied. Deleting the grade or the item removes the pair, so an
// item taken out of a rubric stops counting on every grade that had it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('written_grade_items')
    .addColumn('grade_id', 'integer', (c) => c.notNull().references('written_grades.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('rubric_items.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('written_grade_items_pk', ['grade_id', 'item_id'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('written_grade_items').execute();
}
