// `npm run migrate` / `npm run seed`, and the compose `migrate` service: create the database
// named in DATABASE_URL (default acs) if needed, migrate it, and with --seed add the demo data.
import { createDatabase, migrateDatabase, seedDatabase } from './lib/database';
import { findMysql } from './lib/find-mysql';
import { databaseName } from './lib/mysql-server';
import { reportFailure, SetupError } from './lib/setup-messages';

async function main(): Promise<void> {
  const mysqlUrl = await findMysql();
  if (!mysqlUrl) throw new SetupError('No MySQL/MariaDB found: set DATABASE_URL, or run `npm start` once to set one up.');
  const databaseUrl = await createDatabase(mysqlUrl, databaseName(mysqlUrl) ?? 'acs');
  await migrateDatabase(databaseUrl);
  if (process.argv.includes('--seed')) await seedDatabase(databaseUrl);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    reportFailure(error);
    process.exit(1);
  },
);
