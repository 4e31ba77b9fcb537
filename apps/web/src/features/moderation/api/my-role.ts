import { routes } from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { moderationKeys } from './moderation-keys';

export const myRoleOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: moderationKeys.role,
    queryFn: async ({ signal }) => (await call(routes.myRole, { signal })).role,
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });

/** The signed-in person's role ('member' until known): /admin is shown to moderators and admins. */
export function useMyRole() {
  const session = useSession();
  return useQuery(myRoleOptions(session !== null)).data ?? 'member';
}

export const isModerator = (role: string) => role === 'moderator' || role === 'admin';
