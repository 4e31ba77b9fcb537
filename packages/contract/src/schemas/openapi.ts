import { z } from 'zod';
import { allRoutes, notificationStreamPath, type Route } from '../routes';
import { type RouteSchemas, schemas } from './by-route';
import { errorBodySchema, internalErrorSchema } from './errors';
import { newPostEventSchema, notificationEventSchema, signedOutEventSchema, unreadEventSchema } from './notifications';

type JsonObject = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
};

const answer = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: toSchema(schema, 'output') } },
});
const errorResponse = (description: string) => answer(description, errorBodySchema);

function parametersOf(where: 'path' | 'query', schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function requestBodyOf(route: Route, shapes: RouteSchemas) {
  if (route.fileField) {
    const file = { type: 'string', format: 'binary' };
    const form = { type: 'object', properties: { [route.fileField]: file }, required: [route.fileField] };
    return { required: true, content: { 'multipart/form-data': { schema: form } } };
  }
  if (!shapes.body) return undefined;
  return { required: true, content: { 'application/json': { schema: toSchema(shapes.body, 'input') } } };
}

function operationOf(route: Route, shapes: RouteSchemas): JsonObject {
  const variants = [
    { schema: shapes.response, title: 'Default answer' },
    ...(shapes.pagedResponse ? [{ schema: shapes.pagedResponse, title: 'With limit or cursor: one page' }] : []),
    ...(shapes.minimalResponse
      ? [{ schema: shapes.minimalResponse, title: 'With Prefer: return=minimal (only what changed)' }]
      : []),
  ].map((v) => ({ ...toSchema(v.schema, 'output'), title: v.title }));
  const content = route.answerType
    ? { [route.answerType]: { schema: { type: 'string' } } }
    : { 'application/json': { schema: variants.length === 1 ? variants[0] : { anyOf: variants } } };
  const responses: JsonObject = { [String(route.status)]: { description: 'Success', content } };
  if (shapes.body || shapes.params || shapes.query || route.fileField) responses['400'] = errorResponse('Bad input');
  if (route.auth) responses['401'] = errorResponse('Missing or invalid token');
  if (shapes.params) responses['404'] = errorResponse('Not found');
  if (route.rateLimit?.length) responses['429'] = errorResponse('Too many requests (see the Retry-After header)');
  responses['500'] = answer('A bug on the server: `{ "error": "Internal server error" }`', internalErrorSchema);
  const requestBody = requestBodyOf(route, shapes);
  return {
    operationId: route.name,
    summary: route.summary,
    tags: [route.tag],
    ...(route.auth === true ? { security: [{ token: [] }] } : {}),
    ...(route.auth === 'optional' ? { security: [{}, { token: [] }] } : {}),
    parameters: [...parametersOf('path', shapes.params), ...parametersOf('query', shapes.query)],
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The one call outside the table: Server-Sent Events of new notifications (issue 14). */
function notificationStreamOperation(): JsonObject {
  return {
    operationId: 'notificationStream',
    summary:
      'Server-Sent Events: a `notification` event (data: the entry and the new unread count) for each new ' +
      'notification, an `unread` event (data: the unread count alone, no id) when the count changes without ' +
      "a new entry, a `new-post` event (data: the post's id, no id line) when someone the person follows " +
      'posted, a comment line as heartbeat; send Last-Event-ID to resume after a reconnect. When the ' +
      "token's session ends, a last `signed-out` event (data: the reason) and the stream ends. Each opening " +
      'spends the read budget; a person holds at most STREAM_MAX_PER_USER open streams and an address ' +
      'STREAM_MAX_PER_IP (5 and 20 by default)',
    tags: ['notifications'],
    security: [{ token: [] }],
    parameters: [{ name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } }],
    responses: {
      '200': {
        description: "An endless text/event-stream; each event's data is one of these JSON objects",
        content: {
          'text/event-stream': {
            schema: {
              oneOf: [
                toSchema(notificationEventSchema, 'output'),
                toSchema(unreadEventSchema, 'output'),
                toSchema(newPostEventSchema, 'output'),
                toSchema(signedOutEventSchema, 'output'),
              ],
            },
          },
        },
      },
      '401': errorResponse('Missing or invalid token'),
      '429': errorResponse('Too many open streams, or past the read budget (see the Retry-After header)'),
      '500': answer('A bug on the server: `{ "error": "Internal server error" }`', internalErrorSchema),
    },
  };
}

/** `/api/posts/:postId` -> `/api/posts/{postId}` */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** The OpenAPI 3.1 document of every /api call, generated from the route table and its schemas. */
export function buildOpenApiDocument(version = '1.0.0'): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of allRoutes) {
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route, schemas[route.name]) };
  }
  paths[notificationStreamPath] = { get: notificationStreamOperation() };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Spotter API',
      version,
      description:
        'The API of Spotter, a social network for people who train. Every 4xx answers `{ "errors": ["message"] }`; ' +
        'a 500 (a bug on the server) answers `{ "error": "Internal server error" }`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: 'The encodedToken from login or signup, raw or as `Bearer <token>`.',
        },
      },
    },
    paths,
  };
}
