import type { Kysely } from 'kysely';

// What one school may have the scan workers read (docs/scan-batches.md "Limits"): pages uploaded
// but not yet read, and pages uploaded a day. NULL: the host's defaults (SCAN_PAGES_IN_FLIGHT,
// SCAN_PAGES_PER_DAY); 0: no limit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('scan_pages_in_flight', 'integer').addColumn('scan_pages_per_day', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('scan_pages_in_flight').dropColumn('scan_pages_per_day').execute();
}
