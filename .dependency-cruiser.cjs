/**
 * The one-way arrows of docs/architecture.md, checked on every import (resolved to the file it
 * loads, so `../../x` and `./../../x` are the same arrow) by `npm run lint:boundaries`, part of
 * `npm test`. Biome's noRestrictedImports matches the text of an import, not the file it resolves
 * to, so it cannot hold "a feature only through its index" (see docs/architecture.md).
 */
module.exports = {
  forbidden: [
    {
      name: 'web-never-imports-server',
      comment: 'The web app talks to the server over HTTP only; what both need is in packages/contract.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'contract-imports-neither-app',
      comment: 'The contract is imported by both apps; it depends on neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'plain-contract-has-no-zod',
      comment:
        'The route table (routes/, a file per tag), messages and constants load on the first screen of the web ' +
        'app: they must not load zod or the schemas (types from them are fine: they cost nothing at run time).',
      severity: 'error',
      from: { path: '^packages/contract/src/', pathNot: ['^packages/contract/src/schemas/', '\\.test\\.ts$'] },
      to: { path: ['^packages/contract/src/schemas/', 'node_modules/zod/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-loads-no-schemas',
      comment: 'The web app imports only types from @spotter/contract/schemas: zod stays off the wire.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: ['^packages/contract/src/schemas/', 'node_modules/zod/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'feature-never-imports-feature',
      comment:
        "A feature never imports another (bulletproof-react's rule): a screen that shows several is composed in " +
        'app/routes/, a piece one feature shows for another is a slot the app fills (app/slots/), and what ' +
        'several share is in components/ui/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'app-through-feature-index',
      comment:
        'The app uses a feature through its index.ts; app/router.tsx alone also loads its screens ' +
        '(features/<f>/routes/*), lazily, one chunk each.',
      severity: 'error',
      from: { path: '^apps/web/src/app/', pathNot: '^apps/web/src/app/router\\.tsx$' },
      to: { path: '^apps/web/src/features/[^/]+/.+', pathNot: '^apps/web/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'router-loads-screens-or-index',
      severity: 'error',
      from: { path: '^apps/web/src/app/router\\.tsx$' },
      to: {
        path: '^apps/web/src/features/[^/]+/.+',
        pathNot: ['^apps/web/src/features/[^/]+/index\\.ts$', '^apps/web/src/features/[^/]+/routes/[^/]+\\.tsx$'],
      },
    },
    {
      name: 'screens-load-lazily',
      comment:
        'One chunk per screen: app/router.tsx loads each screen (app/routes/*, features/<f>/routes/*) with ' +
        'import(), and nothing else imports one (a static import would pull it into another chunk).',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^apps/web/src/(app/routes|features/[^/]+/routes)/[^/]+\\.tsx$',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'features-do-not-import-app',
      comment: 'The app is built from the features, never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|components|lib|config)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'module-through-its-index',
      comment:
        "A server module reaches another only through that module's index.ts, its only door (docs/architecture.md).",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/.+',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-through-module-index',
      comment:
        'The rest of the server (app.ts, http/, db/, seed/, the CLI ...) uses a module through its index.ts. ' +
        "Two exceptions: http/handlers.ts, the registry, takes each module's handlers.ts; context.ts, the " +
        "composition root's type, names the services' types where they are declared (a door would make it a cycle).",
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/modules/',
          '^apps/server/src/http/handlers\\.ts$',
          '^apps/server/src/context\\.ts$',
        ],
      },
      to: { path: '^apps/server/src/modules/[^/]+/.+', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'registry-takes-module-handlers',
      severity: 'error',
      from: { path: '^apps/server/src/http/handlers\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/.+', pathNot: '^apps/server/src/modules/[^/]+/handlers\\.ts$' },
    },
    {
      name: 'context-names-types-only',
      severity: 'error',
      from: { path: '^apps/server/src/context\\.ts$' },
      to: { path: '^apps/server/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'data-layer-knows-no-http',
      comment: "db/ and the modules' queries/ are SQL: no request, reply, route or Fastify in them.",
      severity: 'error',
      from: { path: '^apps/server/src/(db|modules/[^/]+/queries)/' },
      to: {
        path: [
          '^apps/server/src/(http)/',
          '^apps/server/src/modules/[^/]+/routes/',
          'node_modules/(fastify|@fastify)/',
        ],
      },
    },
    {
      name: 'route-files-stand-alone',
      comment:
        'One route file never imports another: shared logic goes to the module (its rules, answers or queries). ' +
        "A module's handlers.ts, its part of the registry, is the one file that imports them.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/[^/]+/routes/' },
      to: { path: '^apps/server/src/modules/[^/]+/routes/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and hides which side owns what.',
      severity: 'error',
      from: { path: '^(apps|packages|bench)/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-web-folders',
      comment:
        'No cycle between folders of the web app either, features above all: two features that use each other ' +
        'through their index.ts form no cycle of files (each imports a different file of the other), so ' +
        'no-circular alone never saw the four that posts had with users, conversation, training and moderation.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/web/' },
      to: { circular: true },
    },
  ],
  options: {
    // Folder-scoped rules (no-circular-web-folders) are checked on the folder metrics.
    metrics: true,
    doNotFollow: { path: 'node_modules' },
    // bench/.cache holds generated networks, scratch scripts and unpacked copies of other trees.
    exclude: { path: ['(^|/)dist/', '^bench/(\\.cache|results)/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
