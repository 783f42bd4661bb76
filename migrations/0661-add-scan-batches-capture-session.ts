import type { Kysely } from 'kysely';

// A phone's capture session (docs/scan-batches.md "Capture with a phone"): each captured sheet is
// its own one-page batch, read at once, and the batches of one session carry its id so the scan
// screen lists them as one item. NULL for every uploaded file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_batches').addColumn('capture_session', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_batches').dropColumn('capture_session').execute();
}
