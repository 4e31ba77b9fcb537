import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { answerNotFound } from './not-found';

/**
 * Serves the web app's production build from the same origin: hashed assets cached for a year and
 * sent as the build's .br or .gz twin when the browser accepts it, index.html never cached, and every
 * other GET answered with index.html so deep links work. (The /api and /media scopes answer their own
 * unknown paths with a JSON 404: this fallback never sees them.)
 */
export async function serveWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', cacheControlOf(filePath));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing asset is a real 404; only client routes (no file extension) fall back to the app.
    if (!hasBuild || !wantsPage || path.extname(pathname) !== '') return answerNotFound(request, reply);
    return reply.sendFile('index.html');
  });
}

/**
 * Hashed assets never change under their name; index.html names the current ones, so a browser must
 * ask for it again each time (else, after an upgrade, it would load chunks that no longer exist).
 */
function cacheControlOf(filePath: string) {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  // The service worker and the manifest name the current build too (issue 48): a browser checks
  // them on every visit, so a new version is found the first time the app opens after an upgrade.
  if (['index.html', 'sw.js', 'manifest.webmanifest'].includes(path.basename(filePath))) return 'no-cache';
  return 'public, max-age=3600';
}
