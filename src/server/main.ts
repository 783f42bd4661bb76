import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { loadConfig } from '../data/config';
import { closeDeps, createDeps } from '../core/deps';
import type { Lifecycle } from './http/health';
import { createHttpServer } from './http/http-server';
import { configureLog, log } from '../core/ops/log';

const config = loadConfig();
configureLog('server', config.LOG_LEVEL);
const deps = createDeps(config);
const lifecycle: Lifecycle = { draining: false };
const tls = config.TLS_CERT_FILE && config.TLS_KEY_FILE ? { certFile: config.TLS_CERT_FILE, keyFile: config.TLS_KEY_FILE } : undefined;
const server = createHttpServer(createApp(deps, lifecycle), tls);
server.once('error', (error) => {
  log('error', 'cannot listen', { port: config.PORT, host: config.HOST, error });
  process.exit(1);
});
server.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  log('info', 'listening', { url: `${tls ? 'https' : 'http'}://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`, pid: process.pid });
});
// A print run can legitimately take minutes (spec: 1,200,000 ms request timeout).
server.requestTimeout = 1_200_000;

/**
 * SIGTERM drains (docs/deployment.md): no new connections, /readyz says 503, requests in flight
 * finish and their keep-alive connections close once idle; then the database, Redis and queues
 * close and the process exits 0. Whatever is still running after SHUTDOWN_GRACE_MS is cut (exit 1).
 */
function drain(signal: string): void {
  lifecycle.draining = true;
  log('info', 'draining', { signal, graceMs: config.SHUTDOWN_GRACE_MS });
  server.close(() => {
    clearInterval(idleSweep);
    void closeDeps(deps).then(() => {
      log('info', 'stopped');
      process.exit(0);
    });
  });
  const idleSweep = setInterval(() => server.closeIdleConnections(), 250);
  server.closeIdleConnections();
  setTimeout(() => {
    log('error', 'requests still running after the grace period; stopping anyway', { graceMs: config.SHUTDOWN_GRACE_MS });
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS).unref();
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => drain(signal));
