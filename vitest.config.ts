import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// `npm test` (scripts/test.ts) prepares the services and passes DATABASE_URL, REDIS_URL,
// REDIS_PREFIX, E2E_BASE_URL … in the environment; see scripts/README.md. Running vitest directly
// works for the unit project only.
const slowSuite = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // One file at a time: the suites share one database and one app, and the machine has 2 cores
  // that Chromium and MariaDB need as much as the tests do.
  fileParallelism: false,
  // expect.poll's 1 s default is less than one UI round trip takes on a loaded 2-core machine.
  expect: { poll: { timeout: 10_000 } },
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        // 20 s, not vitest's 5: a unit test that renders or decodes a PDF page takes 1–3 s, and npm test
        // runs it beside two other lanes and the linters on 2 cores.
        { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 20_000 } },
        { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], ...slowSuite } },
        { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], ...slowSuite } },
      ],
    },
  }),
);
