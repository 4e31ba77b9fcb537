import { routes, type WorkoutBody } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/query-keys';

/** Logs a workout, and posts it with the given text (and photo, already uploaded) when `share` is set. */
export function useLogWorkout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      workout: WorkoutBody['workout'];
      share: { content: string; image?: { url: string; alt: string } } | null;
    }) => {
      const { workout } = await call(routes.createWorkout, { body: { workout: input.workout } });
      if (input.share) {
        const { image } = input.share;
        const photo = image ? { image: image.url, mediaType: 'image' as const, alt: image.alt.trim() || null } : {};
        await call(routes.createPost, {
          body: { postData: { content: input.share.content, workoutId: workout._id, ...photo } },
        });
      }
      return workout;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: trainingKeys.all }),
  });
}
