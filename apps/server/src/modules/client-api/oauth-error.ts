import { mastodonErrors } from '@spotter/contract';

/**
 * A refusal of the client API, answered in Mastodon's shape `{ "error": ... }` (and on OAuth's token
 * and revoke calls RFC 6749 5.2's code with its `error_description`).
 */
export class MastodonError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly description?: string,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

/** RFC 6749 5.2's refusals of /oauth/token and /oauth/revoke. */
export const oauthRefusal = {
  invalidRequest: (description: string) => new MastodonError(400, 'invalid_request', description),
  invalidClient: () =>
    new MastodonError(401, 'invalid_client', 'Client authentication failed: unknown client_id or wrong client_secret.'),
  invalidGrant: (description: string) => new MastodonError(400, 'invalid_grant', description),
  unsupportedGrantType: () =>
    new MastodonError(
      400,
      'unsupported_grant_type',
      'grant_type must be authorization_code, client_credentials or refresh_token.',
    ),
  invalidScope: () =>
    new MastodonError(400, 'invalid_scope', 'The requested scope is unknown or wider than the app registered.'),
} as const;

export const invalidToken = () => new MastodonError(401, mastodonErrors.invalidToken);
export const outsideScopes = () => new MastodonError(403, mastodonErrors.outsideScopes);
export const userRequired = () => new MastodonError(422, mastodonErrors.userRequired);
export const recordNotFound = () => new MastodonError(404, mastodonErrors.notFound);
export const validationFailed = (detail: string) => new MastodonError(422, `Validation failed: ${detail}`);
