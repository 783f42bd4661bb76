import type { RowDataPacket } from 'mysql2';
import { migrateToLatest } from '../../src/data/db/migrate';
import { seedDemo } from '../../src/data/db/seed';
import { connectMysql, databaseName, withDatabase } from './mysql-server';
import { step } from './setup-messages';

/** Identifiers come from our own code or DATABASE_URL; refuse anything that needs quoting tricks. */
function quoted(name: string): string {
  if (!/^[A-Za-z0-9_$-]{1,64}$/.test(name)) throw new Error(`unsupported database name: ${name}`);
  return `\`${name}\``;
}

async function onServer(mysqlUrl: string, sql: string): Promise<void> {
  const connection = await connectMysql(mysqlUrl);
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

export async function createDatabase(mysqlUrl: string, name: string): Promise<string> {
  await onServer(mysqlUrl, `CREATE DATABASE IF NOT EXISTS ${quoted(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return withDatabase(mysqlUrl, name);
}

export async function migrateDatabase(databaseUrl: string): Promise<void> {
  step(`Migrating database ${databaseName(databaseUrl)}`);
  await migrateToLatest(databaseUrl);
}

/** Idempotent (seed.ts only adds what is missing), so every start may call it. */
export async function seedDatabase(databaseUrl: string): Promise<void> {
  step(`Seeding the demo data into ${databaseName(databaseUrl)}`);
  await seedDemo(databaseUrl);
}

/** Creates the database if needed, brings it to the newest migration and seeds the demo data. */
export async function prepareDatabase(mysqlUrl: string, name: string): Promise<string> {
  const databaseUrl = await createDatabase(mysqlUrl, name);
  await migrateDatabase(databaseUrl);
  await seedDatabase(databaseUrl);
  return databaseUrl;
}

export async function dropDatabase(mysqlUrl: string, name: string): Promise<void> {
  await onServer(mysqlUrl, `DROP DATABASE IF EXISTS ${quoted(name)}`);
}

export const TEST_DATABASE_PREFIX = 'acs_test_';

/**
 * Drops throw-away test databases older than a day: a run killed with SIGKILL cannot clean up
 * after itself, and its database would otherwise stay forever. Younger ones may be running now.
 */
export async function dropStaleTestDatabases(mysqlUrl: string): Promise<void> {
  const connection = await connectMysql(mysqlUrl);
  try {
    const [rows] = await connection.query<RowDataPacket[]>(`SHOW DATABASES LIKE 'acs\\_test\\_%'`);
    const dayAgo = Date.now() - 24 * 3600_000;
    for (const row of rows) {
      const name = String(Object.values(row)[0]);
      const startedAt = Number(name.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
      if (Number.isFinite(startedAt) && startedAt < dayAgo) await connection.query(`DROP DATABASE IF EXISTS ${quoted(name)}`);
    }
  } finally {
    await connection.end();
  }
}
