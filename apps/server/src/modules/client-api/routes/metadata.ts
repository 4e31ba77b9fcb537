import { oauthScopes } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { originOf } from '../origin';

/** RFC 8414's metadata, as Mastodon 4.3 serves it: apps find the endpoints and what they support. */
export function metadataRoute(scope: FastifyInstance, ctx: AppContext) {
  scope.get('/.well-known/oauth-authorization-server', async (request) => {
    const origin = originOf(request, ctx);
    return {
      issuer: `${origin}/`,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      app_registration_endpoint: `${origin}/api/v1/apps`,
      scopes_supported: [...oauthScopes],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
      service_documentation: 'https://docs.joinmastodon.org/',
    };
  });
}
