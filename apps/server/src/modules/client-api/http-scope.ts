import { apiErrors, mastodonErrors } from '@spotter/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decorateIdentity } from '../../auth/identity';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import type { BudgetHooks } from '../../security/rate-limits';
import { acceptForms, acceptMultipartForms, acceptTrailingSlash } from './bodies';
import { MastodonError, recordNotFound } from './oauth-error';
import { spendBudgets } from './rate-limits';
import { accountEditRoutes } from './routes/account-edits';
import { accountListRoutes } from './routes/account-lists';
import { accountRoutes } from './routes/accounts';
import { appRoutes } from './routes/apps';
import { instanceRoutes } from './routes/instance';
import { markerRoutes } from './routes/markers';
import { mediaRoutes } from './routes/media';
import { metadataRoute } from './routes/metadata';
import { notificationRoutes } from './routes/notifications';
import { revokeRoute } from './routes/revoke';
import { searchRoutes } from './routes/search';
import { statusActionRoutes } from './routes/status-actions';
import { statusRoutes } from './routes/statuses';
import { streamingRoutes } from './routes/streaming';
import { stubRoutes } from './routes/stubs';
import { timelineRoutes } from './routes/timelines';
import { tokenRoute } from './routes/token';

/**
 * The Mastodon-compatible surface (issue 50, decision 082): /api/v1, /api/v2, /oauth/token,
 * /oauth/revoke and the RFC 8414 metadata, in a Fastify scope of their own beside Spotter's /api
 * scope. Its hooks are its own: form bodies as well as JSON, any origin (apps in the browser, such as
 * Elk and Phanpy, call from theirs with a bearer token, never a cookie), errors in Mastodon's shape.
 * GET /oauth/authorize is the web app's screen (the SPA fallback serves it).
 */
export async function registerClientApi(app: FastifyInstance, ctx: AppContext, budgets: BudgetHooks | undefined) {
  await app.register(async (scope) => {
    decorateIdentity(scope, ctx.tokens);
    acceptTrailingSlash(scope);
    acceptForms(scope);
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', 'link, x-request-id, retry-after');
    });
    scope.setErrorHandler(answerError);
    for (const path of ['/oauth/token', '/oauth/revoke', '/.well-known/oauth-authorization-server']) {
      scope.options(path, preflight);
    }
    tokenRoute(scope, ctx);
    revokeRoute(scope, ctx);
    metadataRoute(scope, ctx);
    for (const version of ['v1', 'v2'] as const) {
      await scope.register(
        async (api) => {
          api.setNotFoundHandler(async () => {
            throw recordNotFound();
          });
          api.options('/*', preflight);
          // First: every route after it spends Spotter's budgets.
          spendBudgets(api, budgets);
          // Bodies as forms, JSON or multipart; uploads register their own multipart in a scope beside this one.
          await api.register(async (forms) => {
            await acceptMultipartForms(forms);
            if (version === 'v1') {
              appRoutes(forms, ctx);
              accountRoutes(forms, ctx);
              accountListRoutes(forms, ctx);
              accountEditRoutes(forms, ctx);
              statusRoutes(forms, ctx);
              statusActionRoutes(forms, ctx);
              timelineRoutes(forms, ctx);
              markerRoutes(forms, ctx);
            }
            if (version === 'v2') searchRoutes(forms, ctx);
            stubRoutes(forms, ctx, version);
            instanceRoutes(forms, ctx, version);
            notificationRoutes(forms, ctx, version);
          });
          if (version === 'v1') await streamingRoutes(api, ctx);
          await mediaRoutes(api, ctx, version);
        },
        { prefix: `/api/${version}` },
      );
    }
  });
}

async function preflight(_request: FastifyRequest, reply: FastifyReply) {
  reply
    .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
    .header('access-control-allow-headers', 'authorization, content-type, idempotency-key')
    .header('access-control-max-age', '600')
    .code(204);
  return reply.send();
}

/** Every refusal as `{ "error": ... }` (Mastodon's Error entity); a failure of ours is a logged 500. */
function answerError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof MastodonError) {
    if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer');
    return reply
      .code(error.statusCode)
      .send(error.description ? { error: error.error, error_description: error.description } : { error: error.error });
  }
  if (error instanceof HttpError) {
    // A spent budget in Mastodon's words: apps show it, and back off by Retry-After.
    const message = error.statusCode === 429 ? mastodonErrors.tooManyRequests : error.messages.join('; ');
    return reply.headers(error.headers).code(error.statusCode).send({ error: message });
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return reply.code(status).send({ error: error.message });
  request.log.error({ err: error }, 'unexpected failure');
  return reply.code(500).send({ error: apiErrors.internal });
}
