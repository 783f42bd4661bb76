import { sql, type Kysely } from 'kysely';

// Cards made from a system template were locked (disabled 2) whatever the template said. No
// template was 固定格式 before 0800, so every such card becomes the teacher's own to edit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE documents SET disabled = 0 WHERE kind = 'card' AND disabled = 2`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: which cards were locked is not kept.
}
