import type { Kysely } from 'kysely';

// A school's scan limits are checked at each upload (docs/scan-batches.md "Limits"): its batches
// not yet read, and its batches of the day.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('scan_batches_client_state').on('scan_batches').columns(['client_id', 'state']).execute();
  await db.schema.createIndex('scan_batches_client_created').on('scan_batches').columns(['client_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('scan_batches_client_state').on('scan_batches').execute();
  await db.schema.dropIndex('scan_batches_client_created').on('scan_batches').execute();
}
