import { sql, type Kysely } from 'kysely';

// A student of a scanned class with no sheet is 缺考 by default; a teacher may mark 補考 (a
// make-up exam to come) or 缺考 explicitly (docs/scores.md "Absent students"). One row per
// (card, student); who and when kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_attendance')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('mark', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('scan_attendance_document_student', ['document_id', 'student_id'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_attendance').execute();
}
