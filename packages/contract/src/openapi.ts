import { z } from 'zod';
import { type Endpoint, endpoints, errorBodySchema } from './endpoints';

type JsonObject = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: toSchema(errorBodySchema, 'output') } },
});

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

function operationOf(name: string, endpoint: Endpoint): JsonObject {
  const variants = [
    { schema: endpoint.response, title: 'Default answer' },
    ...(endpoint.pagedResponse ? [{ schema: endpoint.pagedResponse, title: 'With limit or cursor: one page' }] : []),
    ...(endpoint.minimalResponse
      ? [{ schema: endpoint.minimalResponse, title: 'With Prefer: return=minimal (only what changed)' }]
      : []),
  ].map((v) => ({ ...toSchema(v.schema, 'output'), title: v.title }));
  const responses: JsonObject = {
    [String(endpoint.status)]: {
      description: 'Success',
      content: { 'application/json': { schema: variants.length === 1 ? variants[0] : { anyOf: variants } } },
    },
  };
  if (endpoint.body || endpoint.params || endpoint.query) responses['400'] = errorResponse('Bad input');
  if (endpoint.auth) responses['401'] = errorResponse('Missing or invalid token');
  if (endpoint.params) responses['404'] = errorResponse('Not found');
  return {
    operationId: name,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.auth === true ? { security: [{ token: [] }] } : {}),
    ...(endpoint.auth === 'optional' ? { security: [{}, { token: [] }] } : {}),
    parameters: [...parametersOf('path', endpoint.params), ...parametersOf('query', endpoint.query)],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** `/api/posts/:postId` -> `/api/posts/{postId}` */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** The OpenAPI 3.1 document of every /api call, generated from `endpoints`. */
export function buildOpenApiDocument(version = '1.0.0'): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    const path = toOpenApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operationOf(name, endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Spotter API',
      version,
      description:
        'The API of Spotter, a social network for people who train. Errors answer `{ "errors": ["message"] }`.',
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
