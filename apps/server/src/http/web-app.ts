import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { type LinkPreview, withPreviewHead } from './link-preview-head';
import { postPreview, profilePreview } from './link-previews';
import { answerNotFound } from './not-found';

/**
 * Serves the web app's production build from the same origin: hashed assets cached for a year and
 * sent as the build's .br or .gz twin when the browser accepts it, index.html never cached, and every
 * other GET answered with index.html so deep links work. (The /api and /media scopes answer their own
 * unknown paths with a JSON 404: this fallback never sees them.)
 */
export async function serveWebApp(app: FastifyInstance, webDist: string, ctx: AppContext) {
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
  if (hasBuild) servePreviewedPages(app, indexFile, ctx);
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

type Previewed = (ctx: AppContext, request: FastifyRequest) => Promise<LinkPreview | undefined>;

/**
 * A post's and a profile's pages are the app's index.html, as every client route, but with the link
 * preview of what they show in the head (issue 47, item 12; decision 088): a chat app that fetches a
 * shared link reads the tags, a person's browser starts the app as before (which sends them to the
 * login screen when signed out, as SPEC §2 says). Only public content has tags.
 */
function servePreviewedPages(app: FastifyInstance, indexFile: string, ctx: AppContext) {
  const pages: [string, Previewed][] = [
    ['/postpage/:postId', (c, r) => postPreview(c, r, (r.params as { postId: string }).postId)],
    ['/profilepage/:username', (c, r) => profilePreview(c, r, (r.params as { username: string }).username)],
    ['/profilepage/:username/*', (c, r) => profilePreview(c, r, (r.params as { username: string }).username)],
  ];
  for (const [url, previewOf] of pages) {
    app.get(url, async (request, reply) => {
      const html = await fs.promises.readFile(indexFile, 'utf8');
      const preview = await previewOf(ctx, request).catch((error: unknown) => {
        // The page still opens without tags: a preview is never worth a failed page.
        request.log.warn({ err: error }, 'could not read a link preview');
        return undefined;
      });
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withPreviewHead(html, preview));
    });
  }
}
