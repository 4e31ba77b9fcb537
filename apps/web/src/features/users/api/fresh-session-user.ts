import { type Profile, routes } from '@spotter/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api-client';
import { getSession, updateSessionUser } from '../../../lib/session';

/** Under ['users'], so that a profile edit or a follow refreshes it with the rest. */
const meKey = ['users', 'me'] as const;

/**
 * Issue 47, item 1: the `userData` kept in localStorage (the own card of the left navigation) is
 * what the server says of the person, read when the app starts and whenever its window comes back
 * into focus: an avatar or name changed on another device shows here too. The notification stream
 * carries no "profile changed" event, so focus is the trigger. A 401 here ends a session that
 * ended elsewhere at once (api-client), with the reason the server gives.
 */
export function useFreshSessionUser(token: string | undefined) {
  const me = useQuery({
    queryKey: meKey,
    queryFn: async ({ signal }) => (await call(routes.me, { signal })).profile,
    enabled: token !== undefined,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    retry: false,
  });
  useEffect(() => {
    if (me.data) keepInSession(me.data);
  }, [me.data]);
}

function keepInSession(profile: Profile) {
  const user = getSession()?.user;
  if (!user || user._id !== profile._id) return;
  const fresh = {
    username: profile.username,
    firstname: profile.firstname,
    lastname: profile.lastname,
    avatarUrl: profile.avatarUrl,
    bio: profile.bio,
    website: profile.website,
    updatedAt: profile.updatedAt,
  };
  // Only a real change writes localStorage and re-renders everyone who reads the session.
  if (Object.entries(fresh).some(([field, value]) => user[field as keyof typeof fresh] !== value)) {
    updateSessionUser({ ...user, ...fresh });
  }
}
