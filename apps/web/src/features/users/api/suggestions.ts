import { endpoints, suggestionsDefaultLimit, type UserSummary } from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** 'You might Like': people who are neither oneself nor followed, ranked by the server. */
export async function getSuggestions(signal?: AbortSignal): Promise<UserSummary[]> {
  const { users } = await api<{ users: UserSummary[] }>(endpoints.suggestions.path, {
    query: { limit: suggestionsDefaultLimit },
    signal,
  });
  return users;
}

export const suggestionsOptions = () =>
  queryOptions({ queryKey: userKeys.suggestions(), queryFn: ({ signal }) => getSuggestions(signal) });

export const useSuggestions = () => useQuery(suggestionsOptions());
