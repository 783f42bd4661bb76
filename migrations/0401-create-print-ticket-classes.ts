import { sql, type Kysely } from 'kysely';

// The steps of a ticket, one per class: counted at queue time (expected), marked done once its
// file and log row exist, so a retried ticket skips it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('print_ticket_classes')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('print_tickets.id').onDelete('cascade'))
    .addColumn('class', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('expected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('printed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_id', 'integer')
    .addColumn('note', 'varchar(500)')
    .addPrimaryKeyConstraint('print_ticket_classes_pk', ['ticket_id', 'class'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_ticket_classes').execute();
}
