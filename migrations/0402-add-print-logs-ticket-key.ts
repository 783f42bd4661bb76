import type { Kysely } from 'kysely';

// print_logs.ticket_key: '<ticket id>-<class>' for rows a ticket wrote, null for older rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('print_logs').addColumn('ticket_key', 'varchar(40)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('print_logs').dropColumn('ticket_key').execute();
}
