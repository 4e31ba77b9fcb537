import { routes, type WorkoutBody } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { trainingKeys } from './training-keys';

/** Logs a workout, and posts it with the given text when `share` is set. */
export function useLogWorkout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { workout: WorkoutBody['workout']; share: { content: string } | null }) => {
      const { workout } = await call(routes.createWorkout, { body: { workout: input.workout } });
      if (input.share) {
        await call(routes.createPost, { body: { postData: { content: input.share.content, workoutId: workout._id } } });
      }
      return workout;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: trainingKeys.all }),
  });
}
