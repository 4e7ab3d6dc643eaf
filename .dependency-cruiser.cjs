// The code's boundaries, checked by `npm run lint:deps` (dependency-cruiser) in CI's static checks:
// no import circle, and nothing under src/lib importing Payload's config (the config depends on src/lib, never back).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules that cannot load without each other. Break it by passing the dependency in, or by registering it at start-up.',
      from: {},
      // Type-only imports vanish when compiled: a circle through one is no circle at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'lib-not-to-edge',
      severity: 'error',
      comment: 'Domain code under src/lib takes a Payload as an argument; only the public readers in src/lib/data reach the running app (src/edge).',
      from: { path: '^src/lib/', pathNot: '^src/lib/data/' },
      to: { path: '^src/edge/' },
    },
    {
      name: 'lib-not-to-config',
      severity: 'error',
      comment: 'src/lib is what the config is built from: it never imports the config back (the Payload client lives in src/edge).',
      from: { path: '^src/lib/' },
      to: { path: '^payload\\.config\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|\\.test|\\.data|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
}
