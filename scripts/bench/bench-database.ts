import { createConnection } from 'mysql2/promise';
import { migrateToLatest } from '../../src/data/db/migrate';

// A throw-away, migrated database for a benchmark on the server MYSQL_URL names (default
// mysql://root@127.0.0.1:3306); `drop` removes it.
const server = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

async function onServer(statement: string): Promise<void> {
  const connection = await createConnection(server);
  await connection.query(statement);
  await connection.end();
}

export async function createBenchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}`;
  await onServer(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = `${server}/${name}`;
  await migrateToLatest(url);
  return { url, drop: () => onServer(`DROP DATABASE IF EXISTS \`${name}\``) };
}
