// `npm run bench:cards`: seeds a throw-away database with two schools of 10,000 cards and 2,000
// templates each, then times the card and template lists through both doors and prints p50/p95.
// MYSQL_URL (default mysql://root@127.0.0.1:3306) names the server; the database is dropped after.
import type { AddressInfo } from 'node:net';
import { createConnection } from 'mysql2/promise';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { closeDeps, createDeps } from '../src/server/deps';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seed';
import { seedBenchSchool } from './bench/seed-cards';
import { timeCalls } from './bench/time-calls';
import { timeServices } from './bench/time-services';

const server = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const name = `acs_bench_${Date.now()}`;
const databaseUrl = `${server}/${name}`;

async function onServer(statement: string): Promise<void> {
  const connection = await createConnection(server);
  await connection.query(statement);
  await connection.end();
}

async function main(): Promise<void> {
  await onServer(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  try {
    await migrateToLatest(databaseUrl);
    await seedDemo(databaseUrl, { SEED_ADMIN_PASSWORD: 'admin123' });
    const deps = createDeps(loadConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_PREFIX: `${name}:` }));
    try {
      const started = Date.now();
      const school = await seedBenchSchool(deps.db, 'bench-a');
      await seedBenchSchool(deps.db, 'bench-b'); // a neighbour, so every list has to filter by school
      console.log(`seeded 2 schools × (10,000 cards + 2,000 templates) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const http = createApp(deps).listen(0, '127.0.0.1');
      await new Promise((resolve) => http.once('listening', resolve));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      try {
        const token = await timeCalls(url, school);
        await timeServices(deps, token);
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

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
