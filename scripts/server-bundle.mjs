// The server as `npm start` runs it: one ES module bundle of the server's own code and of
// @spotter/contract (TypeScript source, so it must be compiled in); every other package stays an
// import resolved from node_modules at run time, native addons included. The one-shot commands' lazy
// import of the web server stays a separate chunk. Used by `npm run build` (into apps/server/dist) and
// by the API tests' global setup (the server processes some tests start run such a bundle).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
    plugins: [
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
  return path.join(outdir, 'main.js');
}
