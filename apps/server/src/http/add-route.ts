import type { Readable } from 'node:stream';
import { apiPrefix, type RouteName, routes } from '@spotter/contract';
import {
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  postPageSchema,
  type RouteAnswer,
  type RouteSchemas,
  schemas,
} from '@spotter/contract/schemas';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { AppContext } from '../context';
import type { SignedInUser } from '../db/schema';
import { parseInput } from '../errors';
import { optionalUser, requireUser } from '../modules/accounts';
import { serializePostPage } from './page-serializer';

type Auth<K extends RouteName> = (typeof routes)[K]['auth'];

export interface HandlerInput<K extends RouteName> {
  params: ParsedParams<K>;
  query: ParsedQuery<K>;
  body: ParsedBody<K>;
  /** The signed-in user: always there when the route requires a token, maybe when it is optional. */
  user: Auth<K> extends true ? SignedInUser : Auth<K> extends 'optional' ? SignedInUser | undefined : undefined;
  /** The client asked for `Prefer: return=minimal` and the route has a minimal answer. */
  minimal: boolean;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A route whose answer is a file (a CSV, a ZIP) may answer a stream of it, sent as it is read. */
type Answer<K extends RouteName> = (typeof routes)[K] extends { answerType: string }
  ? RouteAnswer<K> | Readable
  : RouteAnswer<K>;

/** One endpoint's work: parse, authorise and validation are done; it calls queries and shapes the answer. */
export type Handler<K extends RouteName> = (input: HandlerInput<K>, ctx: AppContext) => Promise<Answer<K>>;

/** Some routes' handlers, each under its route's name: a module's part of the registry (http/handlers.ts). */
export type RouteHandlers = { [K in RouteName]?: Handler<K> };

/** Hooks a route runs before its handler (its rate limits). */
export interface RouteHooks {
  onRequest: onRequestHookHandler[];
  preHandler: preHandlerHookHandler[];
}

/** RFC 7240: `Prefer: return=minimal`, possibly among other preferences. */
function prefersMinimal(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.some((value) => value.split(',').some((pref) => pref.trim().toLowerCase() === 'return=minimal'));
}

/**
 * Registers one route of the contract in the API scope (which adds the /api prefix): parses params,
 * query and body with its schemas (a mismatch is a 400 naming the field), checks the token when the
 * route table says so, and answers its success status with what the handler returns.
 */
export function addRoute<K extends RouteName>(
  api: FastifyInstance,
  ctx: AppContext,
  name: K,
  handler: Handler<K>,
  hooks: RouteHooks,
) {
  const route = routes[name];
  const shapes: RouteSchemas = schemas[name];
  const url = route.path.slice(apiPrefix.length);
  const urls = 'trailingSlash' in route ? [url, `${url}/`] : [url];
  // Routes that answer pages of posts (always, or when asked for a page): those answers are serialized from the schema.
  const answersPostPages = shapes.response === postPageSchema || shapes.pagedResponse === postPageSchema;
  for (const path of urls) {
    api.route({
      method: route.method,
      url: path,
      ...hooks,
      handler: async (request, reply) => {
        const user =
          route.auth === true
            ? await requireUser(request, ctx)
            : route.auth === 'optional'
              ? await optionalUser(request, ctx)
              : undefined;
        const minimal = 'minimal' in route && prefersMinimal(request.headers.prefer);
        const input = {
          params: shapes.params ? parseInput(shapes.params, request.params) : undefined,
          query: shapes.query ? parseInput(shapes.query, request.query) : undefined,
          body: shapes.body ? parseInput(shapes.body, request.body) : undefined,
          user,
          minimal,
          request,
          reply,
        } as HandlerInput<K>;
        const result = await handler(input, ctx);
        if (minimal) reply.header('Preference-Applied', 'return=minimal');
        // A page answer carries nextCursor (null on the last page); the unpaged whole lists do not.
        if (answersPostPages && result && typeof result === 'object' && 'nextCursor' in result)
          serializePostPage(reply);
        return reply.code(route.status).send(result);
      },
    });
  }
}
