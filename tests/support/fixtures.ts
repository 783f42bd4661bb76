import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Permission } from '../../src/shared/permissions';
import { hashPassword } from '../../src/data/password';
import type { Db } from '../../src/data/db/database';
import type { NewClient } from '../../src/data/db/tables/clients.table';
import type { UserRole } from '../../src/data/db/tables/users.table';

/** A school of its own per test, so suites sharing the run's database never see each other's rows. */
export async function createSchool(db: Db, values: Partial<NewClient> = {}, allowed: Permission[] = []) {
  const code = values.code ?? `t${randomBytes(5).toString('hex')}`;
  const result = await db
    .insertInto('clients')
    .values({ name: `測試學校 ${code}`, nickname: code, ...values, code })
    .executeTakeFirstOrThrow();
  const id = Number(result.insertId);
  for (const permission of allowed) {
    await db.insertInto('client_permissions').values({ client_id: id, permission }).execute();
  }
  return { id, code };
}

export async function createUser(
  db: Db,
  clientId: number,
  opts: { role?: UserRole; password?: string; permissions?: Permission[]; account?: string; name?: string } = {},
) {
  const account = opts.account ?? `u${randomBytes(4).toString('hex')}`;
  const password = opts.password ?? 'secret123';
  const result = await db
    .insertInto('users')
    .values({
      client_id: clientId,
      account,
      name: opts.name ?? '測試老師',
      role: opts.role ?? 'teacher',
      password_hash: await hashPassword(password),
    })
    .executeTakeFirstOrThrow();
  const id = Number(result.insertId);
  for (const permission of opts.permissions ?? []) {
    await db.insertInto('user_permissions').values({ user_id: id, permission }).execute();
  }
  return { id, account, password };
}

export async function countSessions(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('sessions').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}
