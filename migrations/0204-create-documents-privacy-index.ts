import type { Kysely } from 'kysely';

// Templates visible to a user: system-wide, their school's, their own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_kind_privacy').on('documents').columns(['kind', 'privacy', 'client_id', 'user_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_kind_privacy').on('documents').execute();
}
