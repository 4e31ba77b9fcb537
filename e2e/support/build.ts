import { execFileSync } from 'node:child_process';

/**
 * Playwright's global setup: the compiled server and the web app's production build, rebuilt when
 * their sources changed since the last build (as `npm start` does), once before any worker starts its
 * server (e2e/support/server.ts).
 */
export default function buildOnce() {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
}
