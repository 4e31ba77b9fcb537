import { routes } from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** A profile header: counts and whether the signed-in person follows them. */
export const profileOptions = (username: string) =>
  queryOptions({
    queryKey: userKeys.profile(username),
    queryFn: async ({ signal }) => (await call(routes.profile, { params: { username }, signal })).profile,
  });

export const useProfile = (username: string) => useQuery(profileOptions(username));
