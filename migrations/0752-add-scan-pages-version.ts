import type { Kysely } from 'kysely';

// scan_pages.version: the exam version (A–D) the page code carries (…/V<letter>, issue 26), so a
// sheet is scored through its version's question order (docs/scores.md "Versions").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_pages').addColumn('version', 'char(1)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_pages').dropColumn('version').execute();
}
