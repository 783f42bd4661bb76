import type { AddressInfo } from 'node:net';
import { createConnection } from 'mysql2/promise';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/data/config';
import { closeDeps, createDeps, type Deps } from '../../src/core/deps';
import { migrateToLatest } from '../../src/data/db/migrate';
import { seedDemo } from '../../src/data/db/seed';

// A throw-away database (migrated, demo-seeded) and the app on a free port, for the benches.
// MYSQL_URL (default mysql://root@127.0.0.1:3306) names the server; the database is dropped after.
const server = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

async function onServer(statement: string): Promise<void> {
  const connection = await createConnection(server);
  await connection.query(statement);
  await connection.end();
}

/** `prepare` seeds through the services' database; `run` gets the app's URL and what `prepare` answered. */
export async function withBenchApp<T>(prefix: string, prepare: (deps: Deps) => Promise<T>, run: (url: string, prepared: T, deps: Deps) => Promise<void>): Promise<void> {
  const name = `${prefix}_${Date.now()}`;
  const databaseUrl = `${server}/${name}`;
  await onServer(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  try {
    await migrateToLatest(databaseUrl);
    await seedDemo(databaseUrl, { SEED_ADMIN_PASSWORD: 'admin123' });
    const deps = createDeps(loadConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_PREFIX: `${name}:` }));
    try {
      const prepared = await prepare(deps);
      const http = createApp(deps).listen(0, '127.0.0.1');
      await new Promise((resolve) => http.once('listening', resolve));
      try {
        await run(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, prepared, deps);
      } finally {
        await new Promise((resolve) => http.close(resolve));
      }
    } finally {
      await closeDeps(deps);
    }
  } finally {
    await onServer(`DROP DATABASE IF EXISTS \`${name}\``);
  }
}
