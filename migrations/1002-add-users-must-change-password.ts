import { sql, type Kysely } from 'kysely';

// users.must_change_password: set when a school administrator imports or resets a password, cleared
// when the user changes it; while set, the web client sends the user to /resetpwd.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', sql`tinyint(1)`, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
