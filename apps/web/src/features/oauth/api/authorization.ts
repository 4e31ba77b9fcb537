import { routes } from '@spotter/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** An authorization request's parameters, as the app put them in /oauth/authorize's query. */
export type AuthorizationRequest = Record<string, string>;

const requestParams = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

/** The parameters of the request that the API takes (others an app adds are left out). */
export function authorizationRequestOf(search: URLSearchParams): AuthorizationRequest {
  const request: AuthorizationRequest = {};
  for (const name of requestParams) {
    const value = search.get(name);
    if (value !== null) request[name] = value;
  }
  return request;
}

export const useAuthorization = (request: AuthorizationRequest) =>
  useQuery({
    queryKey: ['oauth-authorization', request],
    queryFn: ({ signal }) => call(routes.oauthAuthorization, { query: request as never, signal }),
    retry: false,
  });

export const useApproveAuthorization = () =>
  useMutation({
    mutationFn: (request: AuthorizationRequest) => call(routes.approveOauthAuthorization, { body: request as never }),
  });
