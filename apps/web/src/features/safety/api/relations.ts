import { pageLimits, routes, type UserPage, type UserSummary } from '@spotter/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { call } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';

export type RelationKind = 'block' | 'mute';

/** The blocks and mutes lists of the signed-in person. */
export const safetyKeys = {
  all: ['safety'] as const,
  list: (kind: RelationKind) => ['safety', kind] as const,
};

const calls = {
  block: { on: routes.blockUser, off: routes.unblockUser, list: routes.listBlocks },
  mute: { on: routes.muteUser, off: routes.unmuteUser, list: routes.listMutes },
} as const;

export interface RelationChange {
  user: Pick<UserSummary, '_id' | 'username'>;
  kind: RelationKind;
  /** true: block / mute; false: undo it. */
  on: boolean;
}

const done: Record<RelationKind, [string, string]> = {
  block: ['Blocked', 'Unblocked'],
  mute: ['Muted', 'Unmuted'],
};

/**
 * Block, unblock, mute or unmute. What a block or mute hides is in every list of the app (posts,
 * comments, people, notifications): everything cached is fetched again when next shown.
 */
export function useRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, kind, on }: RelationChange) =>
      call(on ? calls[kind].on : calls[kind].off, { params: { userId: user._id } }),
    onSuccess: (_answer, { user, kind, on }) => {
      toast.success(`${done[kind][on ? 0 : 1]} @${user.username}`);
      queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(errorText(error)),
  });
}

/** People per page of the blocks and mutes lists. */
export const relationPageSize = 20;

export const relationListOptions = (kind: RelationKind) =>
  infiniteQueryOptions({
    queryKey: safetyKeys.list(kind),
    queryFn: ({ pageParam, signal }) =>
      call(calls[kind].list, { query: { limit: relationPageSize, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: UserPage) => last.nextCursor ?? undefined,
  });

export const useRelationList = (kind: RelationKind) => useInfiniteQuery(relationListOptions(kind));

/**
 * Whom the signed-in person mutes or blocks (issue 47, item 2), for the "⋯" menus of posts and
 * comments, whose answers do not say: the newest page of the list (as many as a page holds, 100: far
 * more than most people keep), read once and again after any block or mute (useRelation).
 */
function useRelationIds(kind: RelationKind, enabled: boolean) {
  return useQuery({
    queryKey: [...safetyKeys.list(kind), 'ids'],
    queryFn: async ({ signal }) =>
      new Set((await call(calls[kind].list, { query: { limit: pageLimits.max }, signal })).users.map((u) => u._id)),
    enabled,
    staleTime: 60_000,
  }).data;
}

/** Whether the signed-in person mutes and blocks `userId` (false until known). */
export function useRelationTo(userId: string, enabled: boolean): Record<RelationKind, boolean> {
  const muted = useRelationIds('mute', enabled);
  const blocked = useRelationIds('block', enabled);
  return { mute: muted?.has(userId) === true, block: blocked?.has(userId) === true };
}
