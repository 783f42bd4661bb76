import { sql, type Kysely } from 'kysely';

// A page whose code could not be read (covered, torn) is still measured against each page of the
// batch's card: `assumed` holds those readings ({"<card page>": PageReading}, and `guess`, the
// card page with the most marks), so assigning the page to a student reads it like any other
// (docs/scan-batches.md "Assigning a page").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_pages').addColumn('assumed', sql`mediumtext`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_pages').dropColumn('assumed').execute();
}
