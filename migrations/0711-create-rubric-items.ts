import { sql, type Kysely } from 'kysely';

// The items of a rubric: signed points (a positive rubric's items add, a negative one's deduct),
// a description, and an order whose first nine are the grading keys 1–9. An item keeps its id
// through every edit of its rubric, so the grades that applied it follow its new points; deleting
// it takes it off those grades (written_grade_items cascades).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rubric_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('rubric_id', 'integer', (c) => c.notNull().references('written_rubrics.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('points', sql`decimal(6,2)`, (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rubric_items').execute();
}
