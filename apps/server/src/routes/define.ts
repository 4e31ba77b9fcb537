import type { Endpoint } from '@spotter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { optionalUser, requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { parseInput } from '../errors';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  /** The signed-in user: always there when the endpoint requires a token, maybe when it is optional. */
  user: E['auth'] extends true ? UserRow : E['auth'] extends 'optional' ? UserRow | undefined : undefined;
  /** The client asked for `Prefer: return=minimal` and the endpoint has a minimal answer. */
  minimal: boolean;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Answer<S> = S extends z.ZodType ? z.input<S> : never;

export type Handler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<Answer<E['response']> | Answer<E['pagedResponse']> | Answer<E['minimalResponse']>>;

/** RFC 7240: `Prefer: return=minimal`, possibly among other preferences. */
function prefersMinimal(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.some((value) => value.split(',').some((pref) => pref.trim().toLowerCase() === 'return=minimal'));
}

/**
 * Registers one endpoint of the contract: parses params, query and body with its schemas (a mismatch
 * is a 400 naming the field), checks the token when the contract says so, and answers the contract's
 * success status with what the handler returns.
 */
export function addRoute<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: Handler<E>) {
  const urls = endpoint.trailingSlash ? [endpoint.path, `${endpoint.path}/`] : [endpoint.path];
  for (const url of urls) {
    app.route({
      method: endpoint.method,
      url,
      handler: async (request, reply) => {
        const user =
          endpoint.auth === true
            ? await requireUser(request, ctx.db, ctx.tokens)
            : endpoint.auth === 'optional'
              ? await optionalUser(request, ctx.db, ctx.tokens)
              : undefined;
        const minimal = !!endpoint.minimalResponse && prefersMinimal(request.headers.prefer);
        const input = {
          params: endpoint.params ? parseInput(endpoint.params, request.params) : undefined,
          query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
          body: endpoint.body ? parseInput(endpoint.body, request.body) : undefined,
          user,
          minimal,
          request,
          reply,
        } as HandlerInput<E>;
        const result = await handler(input);
        if (minimal) reply.header('Preference-Applied', 'return=minimal');
        return reply.code(endpoint.status).send(result);
      },
    });
  }
}
