import { sql } from 'kysely';
import { DEFAULT_TEACHER_PERMISSIONS, PERMISSION_GROUPS, permissionsOfScope, type Permission } from '../../shared/permissions';
import { SYSTEM_SCHOOL_CODE } from '../../shared/limits';
import { hashPassword } from '../password';
import { createDb, type Db } from './database';
import { MENU } from './seed-menu';
import { seedDemoTemplate } from './seed-templates';
import type { UserRole } from './tables/users.table';

/**
 * Idempotent: the catalogue and menu are brought in line with the code on every start, while
 * schools and accounts are only created when missing, so a changed password survives a restart.
 */
export async function seedDemo(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    await db.transaction().execute(async (trx) => {
      await seedCatalogue(trx);
      await seedMenu(trx);
      const system = await ensureSchool(trx, SYSTEM_SCHOOL_CODE, '系統管理', '系統');
      await ensureUser(trx, system, 'admin', env.SEED_ADMIN_PASSWORD ?? 'admin123', '系統管理者', 'system_admin', []);
      await seedDemoTemplate(trx, system);
      const demo = await ensureSchool(trx, 'demo', '示範高級中學', '示範高中');
      const allowed = permissionsOfScope('teacher', 'school');
      await ensurePermissions(trx, 'client_permissions', demo, allowed);
      await ensurePermissions(trx, 'client_default_permissions', demo, DEFAULT_TEACHER_PERMISSIONS);
      await ensureUser(trx, demo, 'schooladmin', 'schooladmin123', '王校務', 'school_admin', []);
      await ensureUser(trx, demo, 'teacher', 'teacher123', '陳老師', 'teacher', [...DEFAULT_TEACHER_PERMISSIONS, 'cards.share']);
    });
  } finally {
    await db.destroy();
  }
}

async function seedCatalogue(db: Db): Promise<void> {
  for (const [gi, group] of PERMISSION_GROUPS.entries()) {
    await db
      .insertInto('permission_groups')
      .values({ id: group.id, name: group.name, sort: gi })
      .onDuplicateKeyUpdate({ name: group.name, sort: gi })
      .execute();
    for (const [ci, child] of group.children.entries()) {
      const row = { group_id: group.id, name: child.name, scope: child.scope, sort: gi * 100 + ci };
      await db
        .insertInto('permissions')
        .values({ permission: child.permission, ...row })
        .onDuplicateKeyUpdate(row)
        .execute();
    }
  }
}

async function seedMenu(db: Db): Promise<void> {
  for (const [i, item] of MENU.entries()) {
    const parent = { name: item.name, icon: item.icon, permission: item.permission, sort: i, parent_id: null };
    await db.insertInto('menu_items').values({ redirect: item.redirect, ...parent }).onDuplicateKeyUpdate(parent).execute();
    const { id } = await db.selectFrom('menu_items').select('id').where('redirect', '=', item.redirect).executeTakeFirstOrThrow();
    for (const [ci, child] of (item.children ?? []).entries()) {
      const row = { name: child.name, icon: null, permission: child.permission, sort: ci, parent_id: id };
      await db.insertInto('menu_items').values({ redirect: child.redirect, ...row }).onDuplicateKeyUpdate(row).execute();
    }
  }
}

async function ensureSchool(db: Db, code: string, name: string, nickname: string): Promise<number> {
  await db.insertInto('clients').ignore().values({ code, name, nickname }).execute();
  const row = await db.selectFrom('clients').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

async function ensureUser(
  db: Db,
  clientId: number,
  account: string,
  password: string,
  name: string,
  role: UserRole,
  permissions: Permission[],
): Promise<void> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('client_id', '=', clientId)
    .where('account', '=', account)
    .executeTakeFirst();
  if (existing) return;
  const password_hash = await hashPassword(password);
  const result = await db.insertInto('users').values({ client_id: clientId, account, name, role, password_hash }).executeTakeFirstOrThrow();
  await ensurePermissions(db, 'user_permissions', Number(result.insertId), permissions);
}

async function ensurePermissions(
  db: Db,
  table: 'client_permissions' | 'client_default_permissions' | 'user_permissions',
  ownerId: number,
  permissions: readonly Permission[],
): Promise<void> {
  if (permissions.length === 0) return;
  const owner = table === 'user_permissions' ? 'user_id' : 'client_id';
  const values = permissions.map((permission) => sql`(${ownerId}, ${permission})`);
  await sql`INSERT IGNORE INTO ${sql.table(table)} (${sql.ref(owner)}, permission) VALUES ${sql.join(values)}`.execute(db);
}
