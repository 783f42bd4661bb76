// The layers of docs/architecture.md, checked by `npm run lint:layers` (first step of `npm test`).
// Arrows point down only:  client → shared (+ pure scan);  server, worker → core → data, pdf, scan → shared.
// Tests (*.test.ts, tests/) may reach across layers to set things up; product code may not.
const TEST = '\\.test\\.tsx?$';

/** A rule that `from` may import only the layers in `allowed` (besides npm packages and node built-ins). */
const only = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^src/${from}/`, pathNot: TEST },
  to: { path: '^src/', pathNot: `^src/(${[from, ...allowed].join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles: every module can be read (and tested) after the ones it imports.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    only('shared-imports-shared', 'src/shared is pure code used by every layer: it imports no other layer.', 'shared', []),
    only('pdf-imports-shared', 'The PDF engine depends only on shared code.', 'pdf', ['shared']),
    only('scan-imports-shared', 'The scan engine depends only on shared code.', 'scan', ['shared']),
    only('data-imports-shared', 'The data layer (config, db, repos, storage, queues) depends only on shared code.', 'data', ['shared']),
    only('core-below-server-and-worker', 'Services, errors and ops serve both the web server and the workers: never either of them.', 'core', ['shared', 'data', 'pdf', 'scan']),
    only('server-never-worker', 'The web server reaches the workers through queues (src/shared/jobs), never their code.', 'server', ['core', 'data', 'shared', 'pdf', 'scan']),
    only('worker-never-server', 'Workers never import the web server.', 'worker', ['core', 'data', 'shared', 'pdf', 'scan']),
    {
      name: 'client-imports-shared',
      comment: 'The browser app imports shared code and the pure scan modules; of the server only the router type.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: {
        path: '^src/',
        pathNot: ['^src/(client|shared|scan)/', '^src/server/trpc/router\\.ts$'],
      },
    },
    {
      name: 'client-router-type-only',
      comment: 'The tRPC router reaches the client as a type (import type), never as code.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-no-node',
      comment: 'The browser app imports no node built-in (indirectly neither: .dependency-cruiser.client.cjs).',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'db-through-repos',
      comment: 'Services and jobs reach the database only through src/data/repos: no query builder or raw SQL of their own.',
      severity: 'error',
      from: { path: '^src/(core|worker)/', pathNot: TEST },
      to: { path: '^kysely$|node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
