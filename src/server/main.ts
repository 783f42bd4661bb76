import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { loadConfig } from './config';
import { closeDeps, createDeps } from './deps';

const config = loadConfig();
const deps = createDeps(config);
const server = createApp(deps).listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`[server] listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`);
});
// A print run can legitimately take minutes (spec: 1,200,000 ms request timeout).
server.requestTimeout = 1_200_000;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => void closeDeps(deps).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
