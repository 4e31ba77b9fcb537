import { routes } from '@spotter/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const useSessions = () =>
  useQuery({
    queryKey: settingsKeys.sessions(),
    queryFn: async ({ signal }) => (await call(routes.listSessions, { signal })).sessions,
  });

/** Ends another device's session; the answer is the list as it is now. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => (await call(routes.revokeSession, { params: { sessionId } })).sessions,
    onSuccess: (sessions) => queryClient.setQueryData(settingsKeys.sessions(), sessions),
  });
}

/** "Log out everywhere": this device's token ends too, so the caller signs out after it. */
export const useRevokeAllSessions = () =>
  useMutation({ mutationFn: async () => (await call(routes.revokeAllSessions)).sessions });

export const useSecurityLog = () =>
  useInfiniteQuery({
    queryKey: settingsKeys.securityLog(),
    queryFn: ({ pageParam, signal }) =>
      call(routes.securityLog, { query: pageParam ? { cursor: pageParam, limit: 10 } : { limit: 10 }, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
