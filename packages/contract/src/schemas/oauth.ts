import { z } from 'zod';

/**
 * An authorization request as RFC 6749 (4.1.1) and RFC 7636 name its parameters: the query of
 * /oauth/authorize, which the web app passes on as it came.
 */
export const oauthAuthorizationQuerySchema = z.object({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  response_type: z.literal('code').default('code'),
  scope: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43 to 128 characters of A-Z, a-z, 0-9 and -._~')
    .optional(),
  code_challenge_method: z.literal('S256').optional(),
});
export type OauthAuthorizationQuery = z.infer<typeof oauthAuthorizationQuerySchema>;

export const oauthAuthorizationSchema = z.object({
  app: z.object({ name: z.string(), website: z.string().nullable() }),
  /** The scopes this request asks for (within the app's). */
  scopes: z.array(z.string()),
  redirectUri: z.string(),
  /** true for `urn:ietf:wg:oauth:2.0:oob`: the code is shown to the person, not sent anywhere. */
  outOfBand: z.boolean(),
});
export type OauthAuthorization = z.infer<typeof oauthAuthorizationSchema>;

export const approveOauthAuthorizationSchema = z.object({
  /** Single use, valid for ten minutes. */
  code: z.string(),
  /** Where the browser goes next (the app's address with `code` and `state`); null out of band. */
  redirectTo: z.string().nullable(),
});
export type ApprovedOauthAuthorization = z.infer<typeof approveOauthAuthorizationSchema>;
