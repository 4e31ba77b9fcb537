import { routes, type Workout, type WorkoutBody } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/query-keys';
import { randomId } from '../../../lib/random-id';
import { getReachability } from '../../../lib/reachability';
import { getSession } from '../../../lib/session';
import { putEntry, type QueuedShare } from '../outbox/outbox-store';
import { newEntry } from '../outbox/outbox-sync';
import { isPassing } from '../outbox/send-queued-workout';

/** Stored by the server now, or kept on this device to sync when it can be reached (issue 48). */
export type LogOutcome = { kind: 'saved'; workout: Workout } | { kind: 'queued' };

/**
 * Logs a workout, and posts it with the given text (and photo, already uploaded) when `share` is set.
 * Both calls carry keys made once, here: when the server cannot be reached (before or during the
 * calls), the workout goes to the outbox under the same key, so a try whose answer was lost and
 * the outbox's next try store it once.
 */
export function useLogWorkout() {
  const client = useQueryClient();
  return useMutation({
    // Runs with the device offline too: saving then puts the workout in the outbox (TanStack's
    // default would pause the save until the connection returns, and the form would hang).
    networkMode: 'always',
    mutationFn: async (input: { workout: WorkoutBody['workout']; share: QueuedShare | null }): Promise<LogOutcome> => {
      const key = randomId();
      const queue = async () => {
        const username = getSession()?.user.username;
        if (!username) throw new Error('Log in to save a workout.');
        await putEntry(newEntry({ key, username, workout: input.workout, share: input.share, now: new Date() }));
        return { kind: 'queued' } as const;
      };
      if (getReachability() === 'offline') return queue();
      try {
        const { workout } = await call(routes.createWorkout, { body: { workout: input.workout }, idempotencyKey: key });
        if (input.share) {
          const { image } = input.share;
          const photo = image ? { image: image.url, mediaType: 'image' as const, alt: image.alt.trim() || null } : {};
          await call(routes.createPost, {
            body: { postData: { content: input.share.content, workoutId: workout._id, ...photo } },
            idempotencyKey: `${key}.post`,
          });
        }
        return { kind: 'saved', workout };
      } catch (error) {
        if (isPassing(error)) return queue();
        throw error;
      }
    },
    // Not awaited: offline, the refetches wait for the connection, and the save must not wait with them.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: trainingKeys.all });
    },
  });
}
