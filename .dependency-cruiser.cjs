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
      name: 'data-layer-knows-no-http',
      comment: 'db/ and queries/ are SQL: no request, reply, route or Fastify in them.',
      severity: 'error',
      from: { path: '^apps/server/src/(db|queries)/' },
      to: { path: ['^apps/server/src/(routes|http)/', 'node_modules/(fastify|@fastify)/'] },
    },
    {
      name: 'route-files-stand-alone',
      comment:
        'One route file never imports another: shared logic goes to queries/, answers/ or a helper. ' +
        'routes/index.ts, the registry of every handler, is the one file that imports them.',
      severity: 'error',
      from: { path: '^apps/server/src/routes/', pathNot: '^apps/server/src/routes/index\\.ts$' },
      to: { path: '^apps/server/src/routes/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and hides which side owns what.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
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
    exclude: { path: ['(^|/)dist/'] },
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
