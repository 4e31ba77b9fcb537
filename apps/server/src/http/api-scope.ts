import fastifyMultipart from '@fastify/multipart';
import { allRoutes, apiPrefix, openApiPath, type Route, type RouteName } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { decorateIdentity } from '../auth/identity';
import type { AppContext } from '../context';
import { notificationStreamRoute } from '../modules/notifications';
import { refuseCrossOrigin } from '../security/cross-origin';
import { type BudgetHooks, createRateLimits } from '../security/rate-limits';
import { addRoute, type RouteHooks } from './add-route';
import { handlers } from './handlers';
import { noStore } from './no-store';
import { answerNotFound } from './not-found';
import { openApiDocument } from './openapi-document';

/**
 * The whole API as one Fastify plugin, registered under the /api prefix (app.ts): the hooks that
 * belong to the API (cross-origin refusal, no-store, each route's rate limits, the JSON 404) live in
 * this scope alone, so nothing else asks whether a path is an API path. Every route of the
 * contract's table is registered here with its handler.
 */
export function apiScope(ctx: AppContext, redis: Redis | undefined, shareBudgets?: (budgets: BudgetHooks) => void) {
  return async (api: FastifyInstance) => {
    decorateIdentity(api, ctx.tokens);
    refuseCrossOrigin(api, ctx.config);
    noStore(api);
    api.setNotFoundHandler(answerNotFound);
    const hooksOf = await createRateLimits(api, ctx, redis);
    // The client API (issue 50) spends these same counters, not a second set of its own.
    shareBudgets?.(hooksOf);
    const register = (scope: FastifyInstance, route: Route) =>
      addRoute(scope, ctx, route.name, handlers[route.name] as Handlers, hooksOf(route));

    for (const route of allRoutes.filter((r) => !r.fileField)) register(api, route);
    api.get(openApiPath.slice(apiPrefix.length), openApiDocument);
    // Outside the table (not one JSON answer), but a read like any other: it spends the read budget.
    notificationStreamRoute(api, ctx, { hooks: hooksOf({ method: 'GET', auth: true }), redis });
    // Multipart bodies are parsed for the upload routes alone: every other route stays JSON-only.
    await api.register(async (uploads) => {
      await uploads.register(fastifyMultipart);
      for (const route of allRoutes.filter((r) => r.fileField)) register(uploads, route);
    });
  };
}

/** Any route's handler, for the loop above (each is checked against its own route in http/handlers.ts). */
type Handlers = Parameters<typeof addRoute<RouteName>>[3];

export type { RouteHooks };
