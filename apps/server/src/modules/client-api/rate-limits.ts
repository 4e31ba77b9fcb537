import type { RateLimitClass } from '@spotter/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { BudgetHooks } from '../../security/rate-limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Budgets a client API route spends beyond the read budget of every GET (spendsBudgets). */
    clientBudgets?: readonly RateLimitClass[];
  }
}

/** Route options declaring, beside the handler, the budgets it spends (an upload: uploadsPerUser). */
export const spendsBudgets = (budgets: readonly RateLimitClass[]) => ({ config: { clientBudgets: budgets } });

/**
 * Every route of the client API spends Spotter's budgets (issue 50), counted by the API scope's own
 * counters (`budgets`, from http/api-scope.ts), so one person has one budget whichever API they call: a GET (and the
 * streaming API's opening) the read budget, anything else the write budget unless it declares its
 * own. Set on the scope before its routes, so routes added later in other files are covered too.
 */
export function spendBudgets(scope: FastifyInstance, budgets: BudgetHooks | undefined) {
  scope.addHook('onRoute', (route: RouteOptions) => {
    if (!budgets || route.method === 'OPTIONS' || route.method === 'HEAD') return;
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const declared = route.config?.clientBudgets;
    const rateLimit = declared ?? (method === 'GET' ? [] : (['writesPerUser'] as const));
    const hooks = budgets({ method: method as 'GET', auth: true, rateLimit: [...rateLimit] });
    // After the route's own (the streaming API's moves a query token into the header the budgets read).
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, ...hooks.onRequest];
    if (hooks.preHandler.length > 0) {
      route.preHandler = [...hooks.preHandler, ...(route.preHandler ? [route.preHandler].flat() : [])];
    }
  });
}
