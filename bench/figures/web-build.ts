import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../servers/spotter';

const webDir = path.join(repoRoot, 'apps/web');

/**
 * The web benchmark needs the production build the server serves (`npm start` builds it too). It is
 * built when missing; without a web app able to build, the web figures are skipped with the reason.
 */
export async function ensureWebBuild(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const index = path.join(webDir, 'dist', 'index.html');
  if (fs.existsSync(index)) return { ok: true };
  const pkg = JSON.parse(fs.readFileSync(path.join(webDir, 'package.json'), 'utf8')) as {
    name: string;
    scripts?: Record<string, string>;
  };
  if (!pkg.scripts?.build) return { ok: false, reason: 'the web app has no build script yet' };
  console.log('  building the web app (npm run build) ...');
  const build = spawnSync('npm', ['run', 'build', '--workspace', pkg.name], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0 || !fs.existsSync(index)) {
    return {
      ok: false,
      reason: `the web app did not build: ${(build.stderr || build.stdout).trim().split('\n').pop()}`,
    };
  }
  return { ok: true };
}
