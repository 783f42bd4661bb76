// The browser bundle's half of `npm run lint:layers`: what the client reaches at run time, type-only
// imports left out (the tRPC router reaches the client as a type, and with it the whole server).
// Nothing the client runs may need node built-ins or sharp: a src/scan module the phone capture
// screen imports must be pure. Tests beside the client's code (*.test.ts) are not in the bundle: they
// may check the client's output with node's tools (e.g. grey-jpeg.test.ts decodes with sharp).
module.exports = {
  forbidden: [
    {
      name: 'client-runtime-pure',
      comment: 'The browser app never reaches node built-ins or native modules (sharp), however indirectly.',
      severity: 'error',
      from: { path: '^src/client/', pathNot: '\\.test\\.tsx?$' },
      to: { path: ['(^|/)node_modules/sharp/', '^(node:)?(fs|path|os|crypto|child_process|stream|zlib|http|https|net|url|util|module|async_hooks|timers|worker_threads)(/|$)'], reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: false,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
