import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { apiErrors, type RateLimitClass, type Route, rateLimitClasses } from '@spotter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimit } from '../config';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import type { RouteHooks } from '../http/add-route';

/** What a budget reads of a call: a route of the table, or a call outside it (the notification stream). */
export type Budgeted = Pick<Route, 'method' | 'auth' | 'rateLimit'>;

const ip = (request: FastifyRequest) => `ip:${normalizeIP(request.ip)}`;

/** The signed-in user counts wherever they call from; without a valid token the IP does. */
const userOrIp = async (request: FastifyRequest) => {
  const claims = await request.identity();
  return claims ? `user:${claims._id}` : ip(request);
};

/**
 * The account a login or password change is for: the signed-in one on a call that needs a token
 * (whatever the body says), the username sent on one that does not (whatever token comes along).
 */
const account = async (request: FastifyRequest, route: Budgeted) => {
  if (route.auth === true) {
    const claims = await request.identity();
    return claims ? `username:${claims.username.toLowerCase()}` : undefined;
  }
  const username = (request.body as { username?: unknown } | undefined)?.username;
  // Usernames are at most 30 characters; a longer one cannot exist, so its key is kept short.
  return typeof username === 'string' ? `username:${username.trim().toLowerCase().slice(0, 64)}` : undefined;
};

/**
 * What each budget counts by, and when: onRequest refuses before the body is read (an upload is
 * never received), preHandler can read the parsed body.
 */
const counting: Record<
  RateLimitClass,
  { stage: keyof RouteHooks; key: (r: FastifyRequest, route: Budgeted) => unknown }
> = {
  loginPerIp: { stage: 'onRequest', key: ip },
  loginPerUser: { stage: 'preHandler', key: account },
  signupPerIp: { stage: 'onRequest', key: ip },
  writesPerUser: { stage: 'onRequest', key: userOrIp },
  uploadsPerUser: { stage: 'onRequest', key: userOrIp },
  readsPerUser: { stage: 'onRequest', key: userOrIp },
  exportsPerUser: { stage: 'onRequest', key: userOrIp },
  emailsPerUser: { stage: 'onRequest', key: userOrIp },
  forgotPasswordPerIp: { stage: 'onRequest', key: ip },
  forgotPasswordPerUser: { stage: 'preHandler', key: account },
  importsPerUser: { stage: 'onRequest', key: userOrIp },
};

/** The hooks that spend a call's budgets. */
export type BudgetHooks = (route: Budgeted) => RouteHooks;

/**
 * The rate limits of the API scope, declared per route in the route table (`rateLimit`) and counted
 * with @fastify/rate-limit (in this process's memory, or in Redis so several app servers share one
 * budget). Exceeding one answers 429 with `Retry-After` (seconds) and the contract's `{ errors }`,
 * before the handler runs and so before anything changes. Answers the hooks of one route.
 */
export async function createRateLimits(
  api: FastifyInstance,
  ctx: AppContext,
  redis: Redis | undefined,
): Promise<BudgetHooks> {
  const budgets = ctx.config.rateLimits;
  const active = rateLimitClasses.filter((name) => budgets[name] !== null);
  if (active.length > 0) {
    await api.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${ctx.config.redis?.prefix ?? ''}rate:` } : {}),
      // The default in-memory LRU keeps 5,000 keys: an attacker cycling usernames could push a
      // victim's counter out of it. 100,000 keys are a few MB.
      cache: 100_000,
    });
  }
  const limiters = new Map(active.map((name) => [name, limiterOf(api, name, budgets[name] as RateLimit)]));
  return (route) => {
    const forRoute: RouteHooks = { onRequest: [], preHandler: [] };
    // Every read spends the generous read budget (issue 17): one client cannot keep the server busy.
    const classes: readonly RateLimitClass[] = [
      ...(route.rateLimit ?? []),
      ...(route.method === 'GET' ? (['readsPerUser'] as const) : []),
    ];
    for (const name of classes) {
      const limiter = limiters.get(name);
      if (limiter) forRoute[counting[name].stage].push((request, reply) => limiter(request, reply, route));
    }
    return forRoute;
  };
}

type Limiter = (request: FastifyRequest, reply: FastifyReply, route: Budgeted) => Promise<void>;

/** One budget's counter, shared by every route that spends it. */
function limiterOf(api: FastifyInstance, name: RateLimitClass, budget: RateLimit): Limiter {
  const keys = new WeakMap<FastifyRequest, unknown>();
  const limiter = api.createRateLimit({
    max: budget.max,
    timeWindow: budget.windowSeconds * 1000,
    // Namespaced per budget: one Redis key space holds every budget's counters.
    keyGenerator: (request) => `${name}:${keys.get(request)}`,
  });
  return async (request, reply, route) => {
    const key = await counting[name].key(request, route);
    if (key === undefined) return;
    keys.set(request, key);
    let result: Awaited<ReturnType<typeof limiter>>;
    try {
      result = await limiter(request);
    } catch (error) {
      // The shared store is down: serve the request rather than fail it; the outage is logged.
      request.log.warn({ err: { message: (error as Error).message }, rule: name }, 'rate limit not checked');
      return;
    }
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      request.log.info({ rule: name }, 'rate limit exceeded');
      throw new HttpError(429, [apiErrors.tooManyRequests]);
    }
  };
}
