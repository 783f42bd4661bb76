import type { Kysely } from 'kysely';

// A school's recent tickets (/cards/lists/print), newest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('print_tickets_client_created').on('print_tickets').columns(['client_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('print_tickets_client_created').on('print_tickets').execute();
}
