import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { tokenFromHeader } from '../auth/tokens';
import type { RateLimit, RateLimits } from '../config';
import type { AppContext } from '../context';
import { HttpError } from '../errors';

type Stage = 'onRequest' | 'preHandler';

/** One budget: which requests it counts and under which key (undefined: this request is not counted). */
interface Rule {
  name: keyof RateLimits;
  /** onRequest refuses before the body is read (uploads); preHandler can key on the parsed body. */
  stage: Stage;
  key(request: FastifyRequest): Promise<string | undefined> | string | undefined;
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const authPaths = new Set<string>([endpoints.login.path, endpoints.signup.path]);
const mediaPrefix = '/api/media';

/** The route pattern (`/api/posts/:postId`), or the bare path when no route matched. */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
}

const isApi = (route: string) => route === '/api' || route.startsWith('/api/');
const isUpload = (request: FastifyRequest, route: string) =>
  request.method === 'POST' && (route === mediaPrefix || route.startsWith(`${mediaPrefix}/`));

function rules(ctx: AppContext): Rule[] {
  const ip = (request: FastifyRequest) => `ip:${normalizeIP(request.ip)}`;
  // The signed-in user counts wherever they call from; without a valid token the IP does.
  const userOrIp = async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    const claims = token ? await ctx.tokens.verify(token) : null;
    return claims ? `user:${claims._id}` : ip(request);
  };
  return [
    {
      name: 'loginPerIp',
      stage: 'onRequest',
      key: (request) =>
        request.method === 'POST' && routeOf(request) === endpoints.login.path ? ip(request) : undefined,
    },
    {
      name: 'loginPerUser',
      stage: 'preHandler',
      async key(request) {
        const route = routeOf(request);
        if (request.method !== 'POST') return undefined;
        if (route === endpoints.login.path) {
          const username = (request.body as { username?: unknown } | undefined)?.username;
          // Usernames are at most 30 characters; a longer one cannot exist, so its key is kept short.
          return typeof username === 'string' ? `username:${username.trim().toLowerCase().slice(0, 64)}` : undefined;
        }
        // Guessing the current password with a stolen token spends the same budget as guessing at login.
        if (route === endpoints.changePassword.path) {
          const token = tokenFromHeader(request.headers.authorization);
          const claims = token ? await ctx.tokens.verify(token) : null;
          return claims ? `username:${claims.username.toLowerCase()}` : undefined;
        }
        return undefined;
      },
    },
    {
      name: 'signupPerIp',
      stage: 'onRequest',
      key: (request) =>
        request.method === 'POST' && routeOf(request) === endpoints.signup.path ? ip(request) : undefined,
    },
    {
      name: 'writesPerUser',
      stage: 'onRequest',
      key(request) {
        const route = routeOf(request);
        if (readMethods.has(request.method) || !isApi(route) || authPaths.has(route) || isUpload(request, route)) {
          return undefined;
        }
        return userOrIp(request);
      },
    },
    {
      name: 'uploadsPerUser',
      stage: 'onRequest',
      key: (request) => (isUpload(request, routeOf(request)) ? userOrIp(request) : undefined),
    },
  ];
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Rate limits with @fastify/rate-limit's counters (in this process's memory, or in Redis so that
 * several app servers share one budget). Exceeding one answers 429 with `Retry-After` (seconds) and
 * the contract's `{ errors: [...] }`, before the handler runs and so before anything changes.
 */
export async function installRateLimits(app: FastifyInstance, ctx: AppContext, redis: Redis | undefined) {
  const active = rules(ctx).filter((rule) => ctx.config.rateLimits[rule.name] !== null);
  if (active.length === 0) return;

  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${ctx.config.redis?.prefix ?? ''}rate:` } : {}),
    // The default in-memory LRU keeps 5,000 keys: an attacker cycling usernames could push a victim's
    // counter out of it. 100,000 keys are a few MB.
    cache: 100_000,
  });

  const byStage = new Map<Stage, { rule: Rule; limiter: Limiter; keys: WeakMap<FastifyRequest, string> }[]>();
  for (const rule of active) {
    const limit = ctx.config.rateLimits[rule.name] as RateLimit;
    const keys = new WeakMap<FastifyRequest, string>();
    const limiter = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      // Namespaced per rule: one Redis key space holds every rule's counters.
      keyGenerator: (request) => `${rule.name}:${keys.get(request)}`,
    });
    const list = byStage.get(rule.stage) ?? [];
    list.push({ rule, limiter, keys });
    byStage.set(rule.stage, list);
  }

  for (const [stage, limiters] of byStage) {
    app.addHook(stage, async (request, reply) => {
      for (const { rule, limiter, keys } of limiters) {
        const key = await rule.key(request);
        if (key === undefined) continue;
        keys.set(request, key);
        let result: Awaited<ReturnType<Limiter>>;
        try {
          result = await limiter(request);
        } catch (error) {
          // The shared store is down: serve the request rather than fail it; the outage is logged.
          request.log.warn({ err: { message: (error as Error).message }, rule: rule.name }, 'rate limit not checked');
          continue;
        }
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
          request.log.info({ rule: rule.name }, 'rate limit exceeded');
          throw new HttpError(429, [apiErrors.tooManyRequests]);
        }
      }
    });
  }
}
