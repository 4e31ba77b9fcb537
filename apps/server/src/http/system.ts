import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';

/** Probes for a load balancer or an orchestrator, outside the API (no rate limits, no CORS check). */
export function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Liveness: the process answers. */
  app.get('/healthz', async () => ({ status: 'ok' }));

  /** Readiness: the database answers. */
  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db.kysely);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', errors: ['The database does not answer.'] });
    }
  });
}
