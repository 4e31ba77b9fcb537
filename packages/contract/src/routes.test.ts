import { describe, expect, it } from 'vitest';
import { allRoutes, apiPrefix, routes } from './routes';
import { schemas } from './schemas/by-route';

const keysOf = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {}).sort();

describe('the route table', () => {
  it('names each route after its key, under the API prefix, once per method and path', () => {
    for (const [name, route] of Object.entries(routes)) {
      expect(route.name).toBe(name);
      expect(route.path.startsWith(`${apiPrefix}/`)).toBe(true);
    }
    const calls = allRoutes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('gives every call that changes something a rate limit', () => {
    const unlimited = allRoutes.filter((route) => route.method !== 'GET' && !route.rateLimit?.length);
    expect(unlimited.map((route) => route.name)).toEqual([]);
  });

  it("has the schemas of every route, whose params are exactly the path's :name segments", () => {
    expect(Object.keys(schemas).sort()).toEqual(Object.keys(routes).sort());
    for (const route of allRoutes) {
      const segments = (route.path.match(/:(\w+)/g) ?? []).map((segment) => segment.slice(1)).sort();
      const shapes = schemas[route.name] as { params?: unknown };
      expect(keysOf(shapes.params), route.name).toEqual(segments);
    }
  });
});
