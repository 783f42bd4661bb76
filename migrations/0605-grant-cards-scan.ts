import { sql, type Kysely } from 'kysely';

// `cards.scan` is on by default wherever printing is (issue 12): each school, school default and
// teacher holding `cards.print` gets it. A fresh database has no catalogue yet; seeding adds the
// permission there from src/shared/permissions.ts, so this only moves existing schools along.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT IGNORE INTO permissions (permission, group_id, name, scope, sort)
    SELECT 'cards.scan', id, 'perm.cards.scan', 'teacher', 5 FROM permission_groups WHERE id = 'cards'`.execute(db);
  for (const table of ['client_permissions', 'client_default_permissions']) {
    await sql`INSERT IGNORE INTO ${sql.table(table)} (client_id, permission)
      SELECT p.client_id, 'cards.scan' FROM ${sql.table(table)} p
      WHERE p.permission = 'cards.print' AND EXISTS (SELECT 1 FROM permissions WHERE permission = 'cards.scan')`.execute(db);
  }
  await sql`INSERT IGNORE INTO user_permissions (user_id, permission)
    SELECT p.user_id, 'cards.scan' FROM user_permissions p
    WHERE p.permission = 'cards.print' AND EXISTS (SELECT 1 FROM permissions WHERE permission = 'cards.scan')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM permissions WHERE permission = 'cards.scan'`.execute(db);
}
