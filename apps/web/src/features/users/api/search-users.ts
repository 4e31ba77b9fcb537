import { routes } from '@spotter/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** SPEC §2: usernames containing q, whatever the case; the server does the matching (at most 20). */
export const userSearchOptions = (q: string) =>
  queryOptions({
    queryKey: userKeys.search(q),
    queryFn: async ({ signal }) => (await call(routes.searchUsers, { query: { q }, signal })).users,
    enabled: q !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useUserSearch = (q: string) => useQuery(userSearchOptions(q));
