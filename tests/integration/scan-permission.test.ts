import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { up as grantCardsScan } from '../../migrations/0605-grant-cards-scan';
import { createDb, type Db } from '../../src/data/db/database';
import { createSchool, createUser } from '../support/fixtures';

// cards.scan is on by default wherever printing is: the migration gives it to each school, school
// default and teacher holding cards.print, and to nobody else; running it again changes nothing.
let db: Db;
beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 2);
});
afterAll(() => db.destroy());

it('grants cards.scan to the schools, defaults and teachers that print, and only those', async () => {
  const printing = await createSchool(db, {}, ['cards.view', 'cards.print']);
  const viewing = await createSchool(db, {}, ['cards.view']);
  await db.insertInto('client_default_permissions').values([{ client_id: printing.id, permission: 'cards.print' }, { client_id: viewing.id, permission: 'cards.view' }]).execute();
  const printer = await createUser(db, printing.id, { permissions: ['cards.view', 'cards.print'] });
  const viewer = await createUser(db, printing.id, { permissions: ['cards.view'] });
  // As a database from before the permission existed: nobody holds it yet.
  for (const table of ['client_permissions', 'client_default_permissions'] as const) await db.deleteFrom(table).where('permission', '=', 'cards.scan').where('client_id', 'in', [printing.id, viewing.id]).execute();
  await db.deleteFrom('user_permissions').where('permission', '=', 'cards.scan').where('user_id', 'in', [printer.id, viewer.id]).execute();

  await grantCardsScan(db as unknown as Kysely<unknown>);
  await grantCardsScan(db as unknown as Kysely<unknown>);

  const has = async (table: 'client_permissions' | 'client_default_permissions', clientId: number) =>
    (await db.selectFrom(table).select('permission').where('client_id', '=', clientId).where('permission', '=', 'cards.scan').execute()).length;
  const userHas = async (userId: number) => (await db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).where('permission', '=', 'cards.scan').execute()).length;
  expect([await has('client_permissions', printing.id), await has('client_default_permissions', printing.id), await userHas(printer.id)]).toEqual([1, 1, 1]);
  expect([await has('client_permissions', viewing.id), await has('client_default_permissions', viewing.id), await userHas(viewer.id)]).toEqual([0, 0, 0]);
});
