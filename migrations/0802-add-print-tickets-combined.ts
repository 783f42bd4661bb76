import type { Kysely } from 'kysely';

// print_tickets.combined: besides one file per class, one file for the whole selection, classes
// in order, each starting on a new sheet (issue 14; docs/print-service.md "Files").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('print_tickets').addColumn('combined', 'boolean', (col) => col.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('print_tickets').dropColumn('combined').execute();
}
