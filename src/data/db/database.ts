import { Kysely, MysqlDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** All DATETIMEs are UTC; DATE columns stay 'YYYY-MM-DD' strings (licence dates are calendar days). */
export function createDb(databaseUrl: string, connectionLimit = 10): Db {
  const pool = createPool({
    uri: databaseUrl,
    connectionLimit,
    timezone: 'Z',
    dateStrings: ['DATE'],
    charset: 'utf8mb4_unicode_ci',
    supportBigNumbers: true,
  });
  pool.on('connection', (conn) => conn.query("SET time_zone = '+00:00'"));
  return new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
}

/** One round trip to the database (readiness probes). */
export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
