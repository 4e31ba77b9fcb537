import { Validator } from '@seriousme/openapi-schema-validator';
import { routes } from '@spotter/contract';
import { toOpenApiPath } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

/** Every call of SPEC §7, as "METHOD /api/path". */
const specCalls = [
  'POST /api/auth/login',
  'POST /api/auth/signup',
  'GET /api/users',
  'GET /api/users/{userId}',
  'GET /api/users/bookmark',
  'POST /api/users/bookmark/{postId}',
  'POST /api/users/remove-bookmark/{postId}',
  'POST /api/users/follow/{userId}',
  'POST /api/users/unfollow/{userId}',
  'POST /api/users/edit',
  'GET /api/posts',
  'GET /api/posts/{postId}',
  'GET /api/posts/user/{username}',
  'POST /api/posts',
  'POST /api/posts/edit/{postId}',
  'DELETE /api/posts/{postId}',
  'POST /api/posts/like/{postId}',
  'POST /api/posts/dislike/{postId}',
];

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t().call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every call of SPEC §7, and every endpoint of the contract, with its success status', async () => {
    const document = (await t().call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    };
    const listed = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const call of specCalls) expect(listed).toContain(call);
    for (const endpoint of Object.values(routes)) {
      const operation = document.paths[toOpenApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.responses[String(endpoint.status)], endpoint.path).toBeDefined();
      if (endpoint.auth === true) expect(operation?.security).toEqual([{ token: [] }]);
    }
  });

  it("lists issue 46's calls: previous numbers and routines, each for the signed-in person only", async () => {
    const document = (await t().call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    };
    const calls: [string, string, string][] = [
      ['get', '/api/exercises/{exerciseId}/last', '200'],
      ['get', '/api/routines', '200'],
      ['post', '/api/routines', '201'],
      ['get', '/api/routines/{routineId}', '200'],
      ['post', '/api/routines/edit/{routineId}', '200'],
      ['delete', '/api/routines/{routineId}', '200'],
      ['post', '/api/routines/from-workout/{workoutId}', '201'],
    ];
    for (const [method, path, status] of calls) {
      const operation = document.paths[path]?.[method];
      expect(operation?.responses[status], `${method} ${path}`).toBeDefined();
      expect(operation?.security, `${method} ${path}`).toEqual([{ token: [] }]);
    }
  });

  it('lists GET /api/notifications/stream, added outside the route table, as an authenticated event stream', async () => {
    const document = (await t().call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }>; security?: unknown[] }>>;
    };
    const stream = document.paths['/api/notifications/stream'];
    expect(Object.keys(stream ?? {})).toEqual(['get']);
    expect(stream?.get?.security).toEqual([{ token: [] }]);
    expect(Object.keys(stream?.get?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(stream?.get?.responses['401']).toBeDefined();
  });
});
