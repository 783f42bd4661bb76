import type { Kysely } from 'kysely';

// students.exam_version: the roster's optional 卷別 column (A–D), which a print in versions may
// follow instead of alternating by seat (issue 26; docs/school-administration.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('students').addColumn('exam_version', 'char(1)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('students').dropColumn('exam_version').execute();
}
