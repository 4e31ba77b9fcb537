import { endpoints, type Profile } from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** A profile header: counts and whether the signed-in person follows them. */
export async function getProfile(username: string, signal?: AbortSignal): Promise<Profile> {
  const { profile } = await api<{ profile: Profile }>(endpoints.profile.path, { params: { username }, signal });
  return profile;
}

export const profileOptions = (username: string) =>
  queryOptions({ queryKey: userKeys.profile(username), queryFn: ({ signal }) => getProfile(username, signal) });

export const useProfile = (username: string) => useQuery(profileOptions(username));
