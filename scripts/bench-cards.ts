// `npm run bench:cards`: seeds a throw-away database with two schools of 10,000 cards and 2,000
// templates each, then times the card and template lists through both doors and prints p50/p95.
// MYSQL_URL (default mysql://root@127.0.0.1:3306) names the server; the database is dropped after.
import { withBenchApp } from './bench/bench-app';
import { seedBenchSchool } from './bench/seed-cards';
import { timeCalls } from './bench/time-calls';
import { timeServices } from './bench/time-services';

withBenchApp(
  'acs_bench',
  async (deps) => {
    const started = Date.now();
    const school = await seedBenchSchool(deps.db, 'bench-a');
    await seedBenchSchool(deps.db, 'bench-b'); // a neighbour, so every list has to filter by school
    console.log(`seeded 2 schools × (10,000 cards + 2,000 templates) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return school;
  },
  async (url, school, deps) => {
    const token = await timeCalls(url, school);
    await timeServices(deps, token);
  },
).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
