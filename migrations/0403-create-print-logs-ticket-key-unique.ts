import type { Kysely } from 'kysely';

// One log row per class of a ticket, however often the class is retried (docs/print-service.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('print_logs_ticket_key').on('print_logs').column('ticket_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('print_logs_ticket_key').on('print_logs').execute();
}
