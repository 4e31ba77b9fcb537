import { routes, suggestionsDefaultLimit } from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** 'You might Like': people who are neither oneself nor followed, ranked by the server. */
export const suggestionsOptions = () =>
  queryOptions({
    queryKey: userKeys.suggestions(),
    queryFn: async ({ signal }) =>
      (await call(routes.suggestions, { query: { limit: suggestionsDefaultLimit }, signal })).users,
  });

export const useSuggestions = () => useQuery(suggestionsOptions());
