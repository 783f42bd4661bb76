import type { Kysely } from 'kysely';

// documents.fixed_format: a template marked 固定格式 by its owner; a card made from it keeps the
// template's content locked (disabled 2). Off by default (docs/cards.md "Disabled").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('fixed_format', 'boolean', (col) => col.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('fixed_format').execute();
}
