import { routes, type Workout, type WorkoutBody } from '@spotter/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';
import { postKeys, trainingKeys } from '../../../lib/query-keys';

const workoutKey = (workoutId: string) => [...trainingKeys.all, 'workout', workoutId] as const;

/** One workout, for its page; a 404 (unknown, or its owner hidden from the viewer) is not tried again. */
export const useWorkout = (workoutId: string) =>
  useQuery({
    queryKey: workoutKey(workoutId),
    queryFn: async ({ signal }) => (await call(routes.getWorkout, { params: { workoutId }, signal })).workout,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** Every training figure may change with one workout (records are recomputed after it): all are read again. */
function useRefreshTraining() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: trainingKeys.all });
}

/** Rewrites one's workout; the page shows the server's answer (its records recomputed). */
export function useEditWorkout(workoutId: string) {
  const client = useQueryClient();
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: async (workout: WorkoutBody['workout']) =>
      (await call(routes.editWorkout, { params: { workoutId }, body: { workout } })).workout,
    onSuccess: (workout: Workout) => {
      client.setQueryData(workoutKey(workoutId), workout);
      void refresh();
      // A post that shares it shows the new summary.
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

export function useDeleteWorkout(workoutId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.deleteWorkout, { params: { workoutId } }),
    onSuccess: () => {
      // Not read again: the page is left, and asking for the deleted workout would answer 404.
      client.removeQueries({ queryKey: workoutKey(workoutId) });
      void client.invalidateQueries({ queryKey: trainingKeys.all });
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

/**
 * Posts the workout (later than it was logged) with a caption. `key` is made once per dialog: a
 * click tried again after a lost answer makes one post.
 */
export function useShareWorkout(workoutId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ content, key }: { content: string; key: string }) =>
      call(routes.createPost, { body: { postData: { content, workoutId } }, idempotencyKey: key }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

/** Saves one's workout as a routine (POST /api/routines/from-workout/{id}). */
export function useSaveAsRoutine(workoutId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(routes.routineFromWorkout, { params: { workoutId } })).routine,
    onSuccess: () => {
      // The Log screen's list of routines lives under the training keys.
      void client.invalidateQueries({ queryKey: trainingKeys.all });
    },
  });
}
