import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { originOf } from '../config';

/** Powerful browser features Spotter never uses, off for this origin and any frame (photos come from a file picker). */
const permissionsPolicy =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()';

/** One year, as the HSTS preload list asks. */
const hstsMaxAgeSeconds = 31_536_000;

/**
 * The Content-Security-Policy: scripts, styles, fonts and API calls only from this origin, no inline
 * script or style, no plugins, no framing; images and video from this origin and the media store.
 * `blob:` lets the composer preview a chosen file before it is uploaded; `data:` images cannot run
 * script.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const media = config.mediaPublicUrl ? [originOf(config.mediaPublicUrl) as string] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media],
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every answer (pages, assets, API, errors) with @fastify/helmet. HSTS is sent
 * only when the request came over TLS (directly, or per X-Forwarded-Proto with TRUST_PROXY): over
 * plain http it would be ignored by browsers at best and pin a dev host to https at worst.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = { ...(await helmetHeaders(config)), 'permissions-policy': permissionsPolicy };
  app.addHook('onRequest', (request, reply, done) => {
    // On the reply, not the raw answer as helmet sets them: one header set on the raw answer sends
    // every header of the answer through Node's setHeader, each validated and stored one by one
    // (docs/performance-log.md, "What every call costs before its work", 2026-12-02, has the count).
    reply.headers(headers);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${hstsMaxAgeSeconds}; includeSubDomains`);
    }
    done();
  });
}

/** Headers of a plain answer that are not helmet's. */
const notHelmets = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets, computed once: the plugin builds helmet and parses the policy
 * again on every request (a share of a feed request's CPU: docs/performance-log.md, "Cards,
 * serialization and per-request work"), for headers that only depend on the configuration. A throwaway
 * Fastify with the plugin answers once; its helmet headers are kept.
 */
async function helmetHeaders(config: Config): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    // For browsers without frame-ancestors.
    xFrameOptions: { action: 'deny' },
    // Pages of other origins allowed by CORS_ORIGINS must be able to show this origin's images.
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
  });
  probe.get('/', async () => 'probe');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(answer.headers).flatMap(([name, value]) =>
      notHelmets.has(name) || value === undefined ? [] : [[name, String(value)]],
    ),
  );
}
