import { routes, type User } from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** `@name@host` or `name@host`: a handle of someone on another server (issue 49). */
const handle = /^@?[^@\s/]+@[^@\s/]+$/;
export const isHandle = (text: string) => handle.test(text);

/**
 * Someone on another server by their handle (GET /api/users/lookup): the server finds them (WebFinger)
 * and keeps them as a person here, followed as anyone is. Nobody there (404): null.
 */
export const userLookupOptions = (acct: string) =>
  queryOptions({
    queryKey: userKeys.lookup(acct),
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return (await call(routes.lookupUser, { query: { acct }, signal })).user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: isHandle(acct),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useUserLookup = (acct: string) => useQuery(userLookupOptions(acct));
