import type { Kysely } from 'kysely';

// print_tickets.versions / version_by: a class print in 2–4 versions (A/B 卷, issue 26), assigned
// alternately by seat or by the roster's 卷別 column (docs/print-service.md "Versions").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('print_tickets')
    .addColumn('versions', 'smallint', (col) => col.notNull().defaultTo(1))
    .addColumn('version_by', 'varchar(8)', (col) => col.notNull().defaultTo('seat'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('print_tickets').dropColumn('versions').dropColumn('version_by').execute();
}
