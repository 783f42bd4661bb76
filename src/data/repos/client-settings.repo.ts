import type { Db } from '../db/database';
import type { ClientSettingsRow } from '../db/tables/client-settings.table';

export function findClientSettings(db: Db, clientId: number): Promise<ClientSettingsRow | undefined> {
  return db.selectFrom('client_settings').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function upsertClientSettings(
  db: Db,
  clientId: number,
  values: { data_mode: string; data_size: string; vcards: string },
): Promise<void> {
  await db
    .insertInto('client_settings')
    .values({ client_id: clientId, ...values })
    .onDuplicateKeyUpdate(values)
    .execute();
}
