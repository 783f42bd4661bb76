import { sql, type Kysely } from 'kysely';

// What a batch's pages tell the user about the scan as a whole (docs/scan-batches.md "Warnings"):
// JSON [{kind, pages}] — black-and-white pages, low resolution, pages set aside… — written by the
// scan batch job when it finishes; '[]' for batches read before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_batches').addColumn('warnings', 'text').execute();
  await sql`UPDATE scan_batches SET warnings = '[]'`.execute(db);
  await sql`ALTER TABLE scan_batches MODIFY warnings text NOT NULL DEFAULT ('[]')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_batches').dropColumn('warnings').execute();
}
