import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/data/password';
import { seedDemo } from '../../src/data/db/seed';
import { legacy, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const count = async (table: 'clients' | 'users' | 'menu_items' | 'permissions' | 'user_permissions') =>
  Number((await app.deps.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

describe('seeding', () => {
  it('is idempotent and never resets a password someone changed', async () => {
    const demo = await app.deps.db.selectFrom('clients').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    // The school administrator picks a new password; a restart re-seeds.
    await app.deps.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('changed-by-user') })
      .where('client_id', '=', demo.id)
      .where('account', '=', 'schooladmin')
      .execute();
    const before = { clients: await count('clients'), users: await count('users'), menu: await count('menu_items'), perms: await count('permissions'), grants: await count('user_permissions') };

    await seedDemo(process.env.DATABASE_URL as string);
    await seedDemo(process.env.DATABASE_URL as string);

    expect({ clients: await count('clients'), users: await count('users'), menu: await count('menu_items'), perms: await count('permissions'), grants: await count('user_permissions') }).toEqual(before);
    const login = (password: string) => legacy(app, 'login', { code: 'demo', account: 'schooladmin', password }, undefined, { 'x-forwarded-for': '192.0.2.201' });
    expect((await login('changed-by-user')).status).toBe(200);
    expect((await login('schooladmin123')).status).toBe(401);

    // Other suites sign in as the seeded accounts: put the seeded password back.
    await app.deps.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('schooladmin123') })
      .where('client_id', '=', demo.id)
      .where('account', '=', 'schooladmin')
      .execute();
  });
});
