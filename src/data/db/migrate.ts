import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator } from 'kysely';
import { createDb } from './database';

const migrationFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** Brings the database to the newest migration; the database itself must already exist. */
export async function migrateToLatest(databaseUrl: string): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    const migrator = new Migrator({
      db,
      provider: new FileMigrationProvider({ fs, path, migrationFolder }),
      // Areas number their migrations in their own hundreds (0100…, 0200…), so one area's may land
      // after another's newer ones; each is still applied once, forward only.
      allowUnorderedMigrations: true,
    });
    const { error, results } = await migrator.migrateToLatest();
    for (const r of results ?? []) {
      if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
    }
    if (error) throw error instanceof Error ? error : new Error('migrating failed', { cause: error });
  } finally {
    await db.destroy();
  }
}
