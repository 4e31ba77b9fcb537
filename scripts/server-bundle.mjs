// The server as `npm start` runs it: one ES module bundle of the server's own code and of
// @spotter/contract (TypeScript source, so it must be compiled in); every other package stays an
// import resolved from node_modules at run time, native addons included. The one-shot commands' lazy
// import of the web server stays a separate chunk. Used by `npm run build` (into apps/server/dist) and
// by the API tests' global setup (the server processes some tests start run such a bundle).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** native-json.ts's compiled file, beside the bundle's (see `banner` below). */
const nativeJsonFile = './native-json.js';

/** Bundles the server into `outdir` (emptied first), which must sit beside apps/server/src. */
export async function bundleServer(outdir) {
  const { build } = await import('esbuild');
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    // Every file of the bundle first imports native-json.js, which imports nothing: it runs before any
    // package (ES modules run their imports in the order written), so it keeps the engine's own
    // JSON.stringify before jsonld's core-js replaces it. Inside one bundled file esbuild puts the
    // imports of other chunks first, where Fedify's packages load: `import './native-json'` at the top
    // of main.ts and app.ts is not enough there (the release measured it: issue 50, decision 104).
    banner: { js: `import ${JSON.stringify(nativeJsonFile)};` },
    plugins: [
      {
        name: 'spotter:native-json-apart',
        setup(b) {
          b.onResolve({ filter: /\/native-json$/ }, () => ({ path: nativeJsonFile, external: true }));
        },
      },
      {
        name: 'spotter:packages-external-but-contract',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === '@spotter/contract' || args.path.startsWith('@spotter/contract/')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // Its own file, one module for the whole bundle (the imports above name it, not a copy).
  await build({
    entryPoints: [path.join(root, 'apps/server/src/native-json.ts')],
    outdir,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    logLevel: 'warning',
  });
  return path.join(outdir, 'main.js');
}
