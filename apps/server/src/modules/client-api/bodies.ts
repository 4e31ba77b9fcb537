import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { validationFailed } from './oauth-error';

/** A form as Mastodon reads it: a repeated name or a `name[]` is an array, any other name a string. */
export type Form = Record<string, string | string[]>;

function addField(form: Form, rawName: string, value: string) {
  const isList = rawName.endsWith('[]');
  const name = isList ? rawName.slice(0, -2) : rawName;
  const present = form[name];
  if (Array.isArray(present)) present.push(value);
  else if (present !== undefined) form[name] = [present, value];
  else form[name] = isList ? [value] : value;
}

/** application/x-www-form-urlencoded, with Mastodon's array convention (`redirect_uris[]=a&redirect_uris[]=b`). */
export function acceptForms(scope: FastifyInstance) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const form: Form = {};
    for (const [name, value] of new URLSearchParams(body as string)) addField(form, name, value);
    done(null, form);
  });
}

/**
 * multipart/form-data read as the form above, for the routes registered in `scope` (apps such as
 * curl's `-F` and some mobile clients send every body so), by @fastify/multipart. A file part on
 * these routes is refused (422): uploads have routes of their own (POST /api/v2/media), in a
 * scope of their own, as @fastify/multipart is registered once per scope.
 */
export async function acceptMultipartForms(scope: FastifyInstance) {
  await scope.register(fastifyMultipart, { limits: { fields: 200, fieldSize: 64 * 1024 } });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    request.body = await multipartForm(request);
  });
}

async function multipartForm(request: FastifyRequest): Promise<Form> {
  const form: Form = {};
  const files: string[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      files.push(part.fieldname);
      part.file.resume();
    } else if (typeof part.value === 'string') addField(form, part.fieldname, part.value);
  }
  if (files.length > 0) throw validationFailed(`${files.join(', ')}: file uploads are not accepted on this call`);
  return form;
}

/**
 * The trailing-slash form of every route of `scope` (`/api/v1/instance/`), answered as the route
 * without it, as Mastodon (Rails) does: some clients add the slash.
 */
export function acceptTrailingSlash(scope: FastifyInstance) {
  // `this` is the scope the route is registered in (its prefix, hooks and error handler).
  scope.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions & { routePath: string }) {
    const path = route.routePath;
    if (route.method === 'HEAD' || path === '' || path.endsWith('/') || path.endsWith('*')) return;
    if (route.config && 'slashOf' in route.config) return;
    this.route({
      ...route,
      url: `${path}/`,
      path: undefined,
      prefix: undefined,
      config: { ...route.config, slashOf: path },
    } as RouteOptions);
  });
}

/** Mastodon's booleans: `true`/`false`, `1`/`0` (and `on`, as a checkbox sends), from forms, queries and JSON. */
export function flagOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true' || value === 'on') return true;
  if (value === 0 || value === '0' || value === 'false' || value === '' || value === 'off') return false;
  return undefined;
}
