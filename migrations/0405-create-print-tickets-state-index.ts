import type { Kysely } from 'kysely';

// A waiting ticket's position: the queued and running tickets ahead of it, by (queue_rank, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('print_tickets_state_rank').on('print_tickets').columns(['state', 'queue_rank', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('print_tickets_state_rank').on('print_tickets').execute();
}
