import { endpoints, type UserSummary } from '@spotter/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** SPEC §2: usernames containing q, whatever the case; the server does the matching (at most 20). */
export async function searchUsers(q: string, signal?: AbortSignal): Promise<UserSummary[]> {
  const { users } = await api<{ users: UserSummary[] }>(endpoints.searchUsers.path, { query: { q }, signal });
  return users;
}

export const userSearchOptions = (q: string) =>
  queryOptions({
    queryKey: userKeys.search(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: q !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useUserSearch = (q: string) => useQuery(userSearchOptions(q));
