// Which folder may import which (README "Layout"). `npm test` runs this check first; each rule's name is
// what a violation prints, so keep names readable.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'views-and-machines-never-import-services',
      comment: 'Views and machines get their I/O through the composition root (machine.provide); they import src/domain instead.',
      severity: 'error',
      from: { path: '^src/(views|machines)/' },
      to: { path: '^src/services/' },
    },
    {
      name: 'machines-never-import-views',
      comment: 'A machine knows nothing of how it is shown.',
      severity: 'error',
      from: { path: '^src/machines/' },
      to: { path: '^src/views/' },
    },
    {
      name: 'services-never-import-machines-or-views',
      comment: 'Services talk to the outside world and return data; flows and screens sit above them.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/(machines|views)/' },
    },
    {
      name: 'only-the-composition-root-imports-logic',
      comment: 'src/logic binds machines to services for the root files (providers.ts, App.tsx) and the tests; nothing below uses it.',
      severity: 'error',
      from: { path: '^src/(views|machines|services|domain)/' },
      to: { path: '^src/logic/' },
    },
    {
      name: 'nothing-imports-the-root-files',
      comment: 'The entry, the route table and the composition root sit on top; folders below never reach up to them.',
      severity: 'error',
      from: { path: '^src/(views|machines|services|domain|logic)/' },
      to: { path: '^src/[^/]+$' },
    },
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds pure logic and data types: no I/O, no flows, no screens.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        path: ['^src/(services|machines|views)/', '^src/[^/]+$', 'node_modules/(ofetch|oidc-client-ts|react|react-dom|wouter|xstate)/'],
      },
    },
    {
      name: 'console-imports-only-server-schema-types',
      comment: 'The console may read the API shapes of server/schemas as types (erased at build), nothing else of the server.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/', pathNot: '^server/schemas/' },
    },
    {
      name: 'console-imports-server-schemas-as-types-only',
      comment: 'A value import would put server code into the browser bundle: use `import type`.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/schemas/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-never-imports-console',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'server-capabilities-never-import-routes',
      comment:
        'Storage and domain code (every server folder but routes and schemas) sit below the HTTP routes; shared limits live below both.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/(routes|schemas)/|^server/[^/]+$' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'server-schemas-stand-alone',
      comment: 'The API shapes import only typebox and each other, so the console can derive its types from them.',
      severity: 'error',
      from: { path: '^server/schemas/' },
      to: { path: '^(src|server)/', pathNot: '^server/schemas/' },
    },
    {
      name: 'code-never-imports-tests',
      severity: 'error',
      from: { path: '^(src|server|scripts)/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-import-cycles',
      comment: 'Every import cycle, type-only ones included, is a seam drawn in the wrong place.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles-in-the-server',
      comment: 'Two server folders that import each other (through others or not) are one area split in the wrong place.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data|coverage|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
