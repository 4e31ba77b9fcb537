// `npm run build`: the server compiled to plain JavaScript (no TypeScript loader in production) and
// the web app's production build. `--if-stale` (what `npm start` runs) rebuilds only the parts whose
// sources changed since their last build: a walk over the sources' modification times, cheap next to
// a build (docs/performance-log.md, "Install and start (issue 11)").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** What every part is built from: a change to any of these (or a file added or removed) rebuilds it. */
const shared = [
  at('packages/contract/src'),
  at('package-lock.json'),
  at('scripts/build.mjs'),
  at('scripts/server-bundle.mjs'),
];

const parts = {
  server: {
    output: at('apps/server/dist/main.js'),
    inputs: [at('apps/server/src'), at('apps/server/package.json'), ...shared],
    build: buildServer,
  },
  web: {
    output: at('apps/web/dist/index.html'),
    inputs: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      ...shared,
    ],
    build: buildWeb,
  },
};

/** Tests are not part of a build. */
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The newest modification time under these paths (folders count: adding or removing a file changes theirs). */
function newestChange(paths) {
  let newest = 0;
  const visit = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file)) if (!isTest(name)) visit(path.join(file, name));
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

function isStale(part) {
  const built = fs.statSync(part.output, { throwIfNoEntry: false });
  return !built || newestChange(part.inputs) > built.mtimeMs;
}

/** The server bundle (server-bundle.mjs) where `npm start` runs it. */
async function buildServer() {
  await bundleServer(at('apps/server/dist'));
}

async function buildWeb() {
  const { build } = await import('vite');
  await build({ root: at('apps/web'), logLevel: 'warn' });
}

const ifStale = process.argv.includes('--if-stale');
for (const [name, part] of Object.entries(parts)) {
  if (ifStale && !isStale(part)) continue;
  const started = Date.now();
  await part.build();
  console.log(`Built the ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
