// `npm start`: find or start the services, prepare the database and client, run server + worker.
import { startApp, waitUntilServing, type RunningApp } from './lib/app-processes';
import { buildClient } from './lib/build-client';
import { buildServer, buildWorker } from './lib/build-worker';
import { prepareDatabase } from './lib/database';
import { findChromium } from './lib/find-chromium';
import { databaseName } from './lib/mysql-server';
import { findOrStartServices } from './lib/services';
import { reportFailure, step } from './lib/setup-messages';
import { onShutdown } from './lib/shutdown-signals';

let app: RunningApp | null = null;
let stopRequested = false;
onShutdown(
  (reason) => {
    stopRequested = true;
    if (!app) process.exit(130); // still preparing: nothing of ours to stop
    step(`Stopping the server and the worker (${reason})`);
    void app.stop();
  },
  () => app?.kill(),
);

function banner(scheme: string, port: string): string {
  const adminPassword = process.env.SEED_ADMIN_PASSWORD ?? 'admin123';
  return `
  Answer Card Studio is running at ${scheme}://localhost:${port}/

  Demo accounts (school / account / password):
    system / admin       / ${adminPassword}
    demo   / schooladmin / schooladmin123
    demo   / teacher     / teacher123

  Press Ctrl-C to stop.
`;
}

async function main(): Promise<number> {
  const services = await findOrStartServices();
  const chromiumPath = await findChromium({ needPdftoppm: false });
  const configuredName = process.env.DATABASE_URL ? databaseName(process.env.DATABASE_URL) : null;
  const databaseUrl = await prepareDatabase(services.mysqlUrl, configuredName ?? 'acs');
  await buildClient();
  await buildWorker();
  await buildServer();

  const port = process.env.PORT ?? '3000';
  // TLS_CERT_FILE + TLS_KEY_FILE: the server speaks HTTPS itself (docs/scan-batches.md "Capture with a phone").
  const scheme = process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE ? 'https' : 'http';
  step('Starting the web server and the worker');
  app = startApp({ ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: services.redisUrl, CHROMIUM_PATH: chromiumPath, PORT: port });
  try {
    await waitUntilServing(app, `${scheme}://127.0.0.1:${port}/`);
    if (!stopRequested) console.log(banner(scheme, port));
  } catch (error) {
    if (!stopRequested) throw error;
  }
  const exit = await app.firstExit;
  await app.stop();
  if (stopRequested) return 0;
  console.error(`✖ The ${exit.part} stopped unexpectedly (exit ${exit.code}); stopped the rest too.`);
  return exit.code || 1;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    reportFailure(error);
    await app?.stop();
    process.exit(1);
  },
);
