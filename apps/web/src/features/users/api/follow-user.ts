import { type Profile, routes, type UserSummary } from '@spotter/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { call } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { postKeys, userKeys } from '../../../lib/query-keys';
import { getSession } from '../../../lib/session';

export interface FollowChange {
  target: Pick<UserSummary, '_id' | 'username'>;
  /** true: follow; false: unfollow */
  follow: boolean;
}

export const followUser = ({ target, follow }: FollowChange) =>
  call(follow ? routes.followUser : routes.unfollowUser, { params: { userId: target._id } });

/**
 * Follow / unfollow, answered at once: the person leaves the suggestions and the counts move before
 * the server replies; a refusal puts everything back and says why in a toast. A locked person on
 * another server shows "Requested" once the server's answer (its profiles) is in.
 */
export function useFollowUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followUser,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: userKeys.all });
      const snapshot = snapshotUsers(queryClient);
      applyOptimistically(queryClient, change);
      return { snapshot };
    },
    onError: (error, _change, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      toast.error(errorText(error));
    },
    onSuccess: ({ user, followUser: target }) => {
      queryClient.setQueryData(userKeys.profile(user.username), user);
      queryClient.setQueryData(userKeys.profile(target.username), target);
    },
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: userKeys.suggestions() });
      queryClient.invalidateQueries({ queryKey: userKeys.followLists('followers') });
      queryClient.invalidateQueries({ queryKey: userKeys.followLists('following') });
      // The home feed is made of followed people's posts: its lists are refetched when next shown.
      queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}

function snapshotUsers(queryClient: QueryClient) {
  return queryClient.getQueriesData({ queryKey: userKeys.all });
}

function applyOptimistically(queryClient: QueryClient, { target, follow }: FollowChange) {
  // Taking back a follow request (decision 106): nothing was counted, so no count moves.
  const requested = queryClient.getQueryData<Profile>(userKeys.profile(target.username))?.followRequested === true;
  const step = requested ? 0 : follow ? 1 : -1;
  if (follow) {
    queryClient.setQueryData<UserSummary[]>(userKeys.suggestions(), (users) =>
      users?.filter((u) => u._id !== target._id),
    );
  }
  queryClient.setQueryData<Profile>(userKeys.profile(target.username), (profile) => {
    if (!profile) return profile;
    const { followRequested: _, ...rest } = profile;
    return { ...rest, followedByMe: follow, followerCount: Math.max(0, profile.followerCount + step) };
  });
  const me = getSession()?.user.username;
  if (me) {
    queryClient.setQueryData<Profile>(userKeys.profile(me), (profile) =>
      profile ? { ...profile, followingCount: Math.max(0, profile.followingCount + step) } : profile,
    );
  }
}
