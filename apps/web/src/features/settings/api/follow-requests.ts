import { routes } from '@spotter/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import { settingsKeys } from './settings-keys';

const requestsKey = [...settingsKeys.all, 'follow-requests'] as const;

/** People of other servers asking to follow a locked account (issue 49). */
export const followRequestsOptions = () =>
  queryOptions({
    queryKey: requestsKey,
    queryFn: async ({ signal }) => (await call(routes.followRequests, { signal })).requests,
  });

/** Approve (they follow, their server gets an Accept) or reject (a Reject). */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, approve }: { userId: string; approve: boolean }) =>
      call(approve ? routes.approveFollowRequest : routes.rejectFollowRequest, { params: { userId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: requestsKey });
      // An approved follower shows in the follower lists and counts.
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
