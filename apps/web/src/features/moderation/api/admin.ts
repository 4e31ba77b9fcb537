import {
  type AppealQueue,
  type AuditPage,
  type ReportAction,
  type ReportQueue,
  type ReportReason,
  type ReportStatus,
  routes,
} from '@spotter/contract';
import { infiniteQueryOptions, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { postKeys, userKeys } from '../../../lib/query-keys';
import { moderationKeys } from './moderation-keys';

export const reportQueueOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.queue(status),
    queryFn: ({ pageParam, signal }) =>
      call(routes.reportQueue, { query: { status, limit: 20, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ReportQueue) => last.nextCursor ?? undefined,
  });

export const auditOptions = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.audit,
    queryFn: ({ pageParam, signal }) => call(routes.auditLog, { query: { limit: 20, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
  });

export const appealQueueOptions = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.appeals,
    queryFn: ({ pageParam, signal }) => call(routes.appealQueue, { query: { limit: 20, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AppealQueue) => last.nextCursor ?? undefined,
  });

export const staffOptions = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.staff,
    queryFn: ({ pageParam, signal }) => call(routes.staff, { query: { limit: 50, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
  });

/** What the screen says when a moderator action ends: its toasts. */
export interface ActionCallbacks<T> {
  onSuccess?: (input: T) => void;
  onError?: (error: Error) => void;
}

/**
 * Every moderator action changes the queue, the audit log and perhaps the staff list; some change
 * more (`alsoChanged`). The caller's callbacks belong to the mutation, not to one `mutate` call: the
 * refreshed queue no longer holds the case whose button asked (a resolved case leaves the open queue,
 * a restored one loses its Restore button), and a `mutate` call's own callbacks die with it, so its
 * toast would show or not depending on which came first.
 */
function useModerationMutation<T, R>(
  mutationFn: (input: T) => Promise<R>,
  callbacks: ActionCallbacks<T> = {},
  alsoChanged: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_data, input) => {
      callbacks.onSuccess?.(input);
      await Promise.all(
        [moderationKeys.all, ...alsoChanged].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, refetchType: 'active' }),
        ),
      );
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

type ResolveInput = {
  reportId: string;
  action: ReportAction;
  reason: ReportReason;
  note?: string;
  /** A suspension's length; absent: until a moderator lifts it. */
  suspendDays?: number;
};

export const useResolveReport = (callbacks: ActionCallbacks<ResolveInput> = {}) =>
  useModerationMutation(
    ({ reportId, action, reason, note, suspendDays }: ResolveInput) =>
      call(routes.resolveReport, {
        params: { reportId },
        body: { action, reason, ...(note ? { note } : {}), ...(suspendDays ? { suspendDays } : {}) },
      }),
    callbacks,
  );

export const useUnsuspend = (callbacks: ActionCallbacks<string> = {}) =>
  useModerationMutation((userId: string) => call(routes.unsuspendUser, { params: { userId } }), callbacks);

type RestoreInput = { type: 'post' | 'comment'; id: string };

/**
 * Restores a removed post or comment (decision 048). Besides the moderation lists, the post lists and
 * profiles the moderator has open count and show it again.
 */
export const useRestoreContent = (callbacks: ActionCallbacks<RestoreInput> = {}) =>
  useModerationMutation(
    ({ type, id }: RestoreInput) =>
      type === 'post'
        ? call(routes.restorePost, { params: { postId: id } })
        : call(routes.restoreComment, { params: { commentId: id } }),
    callbacks,
    [postKeys.all, userKeys.all],
  );

export const useSetRole = () =>
  useModerationMutation(({ userId, role }: { userId: string; role: 'member' | 'moderator' }) =>
    call(routes.setRole, { params: { userId }, body: { role } }),
  );

export const useResetLink = () =>
  useModerationMutation((userId: string) => call(routes.resetLink, { params: { userId } }));

/** A profile by username, for naming someone in the roles form. */
export const findProfile = (username: string) => call(routes.profile, { params: { username } });
