import { routes } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/query-keys';

/** What "Copy to my log" makes of a post's workout: a workout logged now, or a routine. */
export type CopyAs = 'workout' | 'routine';

/**
 * Copies the workout a post carries (a local one or one from another server, issue 49) into the
 * signed-in person's log: POST /api/workouts/from-post/{id} or /api/routines/from-post/{id}. Answers
 * the new workout's or routine's id.
 */
export function useCopyPostWorkout(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (as: CopyAs) => {
      if (as === 'workout') {
        const { workout } = await call(routes.workoutFromPost, { params: { postId } });
        return { as, id: workout._id };
      }
      const { routine } = await call(routes.routineFromPost, { params: { postId } });
      return { as, id: routine._id };
    },
    onSuccess: () => {
      // The log, its routines, stats and records all change with a new workout.
      void client.invalidateQueries({ queryKey: trainingKeys.all });
    },
  });
}
