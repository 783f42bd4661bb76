// `npm test [vitest args…]`: everything `npm start` prepares, but on a throw-away database and
// Redis prefix, then every vitest project; the last line is always `tests: N passed, N failed`.
// The linters (`npm run lint`) run first on a whole run; each one that fails counts as a failed test.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { startApp, waitUntilServing, type RunningApp } from './lib/app-processes';
import { buildClient } from './lib/build-client';
import { buildServer, buildWorker } from './lib/build-worker';
import { dropDatabase, dropStaleTestDatabases, prepareDatabase, TEST_DATABASE_PREFIX } from './lib/database';
import { findChromium } from './lib/find-chromium';
import { serverUrl } from './lib/mysql-server';
import { deleteKeysWithPrefix } from './lib/redis-keys';
import { runLinters, stopLinting } from './lib/run-lint';
import { mergeVitestJson, runVitest, selectsE2e, vitestLanes, type VitestLane, type VitestRun } from './lib/run-vitest';
import { findOrStartServices, type Services } from './lib/services';
import { reportFailure, step } from './lib/setup-messages';
import { onShutdown } from './lib/shutdown-signals';
import { startTestS3, type TestS3 } from './lib/test-s3';
import { countTests, summaryLine } from './lib/vitest-summary';

const runId = `${Date.now()}_${process.pid}`;
const databaseName = `${TEST_DATABASE_PREFIX}${runId}`;
const redisPrefix = `acs-test-${runId}`;
const storageDir = `var/test-storage/${runId}`;
const s3Dir = `var/test-s3/${runId}`;
const jsonFile = `test-results/vitest-${runId}.json`;
// Per run, so two runs in one checkout never mix their app logs; kept only when something failed.
const e2eLogFile = `test-results/e2e-app-${runId}.log`;
const vitestArgs = process.argv.slice(2);

// Tests compare against the seeded demo accounts, so a personal SEED_ADMIN_PASSWORD must not leak in.
process.env.SEED_ADMIN_PASSWORD = 'admin123';
// Nor may a caller's bucket: the tests use local storage unless they ask for the run's S3 (S3_TEST_*).
delete process.env.S3_BUCKET;

let services: Services | null = null;
let s3: TestS3 | null = null;
const createdDatabases: string[] = [];
let e2eApp: RunningApp | null = null;
let vitest: VitestRun[] = [];

function hasE2eSuites(): boolean {
  if (!existsSync('tests/e2e')) return false;
  return readdirSync('tests/e2e', { recursive: true, encoding: 'utf8' }).some((file) => file.endsWith('.test.ts'));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** The built app on its own database and Redis prefix, so e2e clicks and integration tests never meet. */
async function startE2eApp(found: Services, chromiumPath: string): Promise<NodeJS.ProcessEnv> {
  createdDatabases.push(`${databaseName}_e2e`);
  const databaseUrl = await prepareDatabase(found.mysqlUrl, `${databaseName}_e2e`);
  const baseUrl = `http://127.0.0.1:${await freePort()}`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: found.redisUrl,
    REDIS_PREFIX: `${redisPrefix}:e2e`,
    CHROMIUM_PATH: chromiumPath,
    STORAGE_DIR: `${storageDir}/e2e`,
    HOST: '127.0.0.1',
    PORT: new URL(baseUrl).port,
  };
  step(`Starting the app for e2e tests at ${baseUrl} (log: ${e2eLogFile})`);
  e2eApp = startApp(env, e2eLogFile);
  await waitUntilServing(e2eApp, `${baseUrl}/`);
  return { E2E_BASE_URL: baseUrl, E2E_DATABASE_URL: databaseUrl, E2E_REDIS_PREFIX: env.REDIS_PREFIX };
}

/**
 * Every linter (ESLint, knip, the layer check: the `lint:` scripts), one after the other beside the
 * set-up and the test lanes (their lines prefixed `lint │`); the number that failed. They compute
 * while the lanes mostly wait (on Chromium, workers, MariaDB), so they cost the run little wall
 * time. A run with arguments (files, `--project unit`) is someone's quick loop on a few suites: it
 * skips them and says so (`npm run lint` runs them alone).
 */
async function lint(): Promise<number> {
  if (vitestArgs.length > 0) {
    step('Linters skipped: the arguments select part of the suites (`npm run lint` runs them)');
    return 0;
  }
  return (await runLinters('lint │ ')).filter((result) => !result.ok).length;
}

async function runTests(): Promise<number> {
  services = await findOrStartServices();
  const chromiumPath = await findChromium({ needPdftoppm: true });
  await dropStaleTestDatabases(services.mysqlUrl);
  createdDatabases.push(databaseName);
  const databaseUrl = await prepareDatabase(services.mysqlUrl, databaseName);
  await buildClient();
  await buildWorker();
  await buildServer();
  s3 = await startTestS3(runId, s3Dir);
  const wantE2e = selectsE2e(vitestArgs) && hasE2eSuites();
  const e2eEnv = wantE2e ? await startE2eApp(services, chromiumPath) : {};
  const env = {
    ...process.env,
    ...e2eEnv,
    ...s3.env,
    NODE_ENV: 'test',
    TEST_RUN_ID: runId,
    DATABASE_URL: databaseUrl,
    TEST_MYSQL_URL: serverUrl(services.mysqlUrl),
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: redisPrefix,
    CHROMIUM_PATH: chromiumPath,
    STORAGE_DIR: storageDir,
  };
  // Integration (in two lanes on a whole run) and e2e at once (scripts/lib/run-vitest.ts vitestLanes).
  const lanes = vitestLanes(vitestArgs, wantE2e);
  const laneEnvs = await Promise.all(lanes.map((lane) => laneEnv(lane, env, services!)));
  step(`Running vitest (database ${databaseName}, Redis prefix ${redisPrefix}${lanes.length > 1 ? `; ${lanes.map((l) => l.name).join(', ')} lanes at once` : ''})`);
  vitest = lanes.map((lane, i) => runVitest(lane.args, lanes.length > 1 ? laneJson(lane.name) : jsonFile, laneEnvs[i], lane.prefix));
  const codes = await Promise.all(vitest.map((run) => run.exitCode));
  if (lanes.length > 1) mergeVitestJson(lanes.map((lane) => laneJson(lane.name)), jsonFile);
  for (const lane of lanes) if (lanes.length > 1) rmSync(laneJson(lane.name), { force: true });
  return codes.find((code) => code !== 0) ?? 0;
}

const laneJson = (lane: string) => jsonFile.replace(/\.json$/, `-${lane}.json`);

/**
 * A lane's environment: the run's, with the file-times report of the lane, and for a lane of its
 * own (`own`) a database (migrated and seeded), a Redis prefix and a storage folder of its own, so
 * its files and the other lanes' never meet; all are removed with the run's (cleanUp).
 */
async function laneEnv(lane: VitestLane, env: NodeJS.ProcessEnv, found: Services): Promise<NodeJS.ProcessEnv> {
  const times = { FILE_TIMES_JSON: `test-results/file-times-${lane.name}.json` };
  if (!lane.own) return { ...env, ...times };
  createdDatabases.push(`${databaseName}_${lane.own}`);
  const databaseUrl = await prepareDatabase(found.mysqlUrl, `${databaseName}_${lane.own}`);
  return { ...env, ...times, DATABASE_URL: databaseUrl, REDIS_PREFIX: `${redisPrefix}:${lane.own}`, STORAGE_DIR: `${storageDir}/${lane.own}` };
}

/** Leaves nothing behind, even after a failure: databases, Redis keys, stored files. */
async function cleanUp(): Promise<void> {
  await e2eApp?.stop();
  const found = services;
  if (found) {
    for (const name of createdDatabases) await dropDatabase(found.mysqlUrl, name).catch(reportFailure);
    await deleteKeysWithPrefix(found.redisUrl, redisPrefix).catch(reportFailure);
  }
  await s3?.stop().catch(reportFailure);
  rmSync(storageDir, { recursive: true, force: true });
}

async function main(): Promise<number> {
  let vitestExit = 1;
  let lintFailures = 0;
  try {
    const linting = lint();
    try {
      vitestExit = await runTests();
    } finally {
      lintFailures = await linting;
    }
  } catch (error) {
    reportFailure(error);
  } finally {
    await cleanUp();
  }
  const counts = countTests(jsonFile) ?? { passed: 0, failed: 0 };
  if (existsSync(jsonFile)) renameSync(jsonFile, 'test-results/last-run.json');
  // vitest can fail outside any test (an unhandled error, a crash): the line must not say all passed.
  if (vitestExit !== 0 && counts.failed === 0) counts.failed = 1;
  if (counts.passed + counts.failed === 0) console.error('✖ No test ran.');
  // A linter that found something fails the run like a test: it counts as one failed test.
  if (lintFailures > 0) console.error(`✖ ${lintFailures} linter(s) failed (above; \`npm run lint\` runs them again).`);
  counts.failed += lintFailures;
  const passed = counts.failed === 0 && counts.passed > 0;
  if (passed) rmSync(e2eLogFile, { force: true });
  console.log(summaryLine(counts));
  return passed ? 0 : 1;
}

onShutdown(
  (reason) => {
    step(`Interrupted (${reason}): stopping the tests and cleaning up`);
    stopLinting();
    if (vitest.length > 0) for (const run of vitest) run.child.kill('SIGTERM');
    else void cleanUp().then(() => process.exit(130));
  },
  () => vitest.forEach((run) => run.child.kill('SIGKILL')),
);
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    reportFailure(error);
    process.exit(1);
  },
);
