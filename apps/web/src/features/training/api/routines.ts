import { type LastSession, type RoutineBody, routes } from '@spotter/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/query-keys';

/** The signed-in person's routines, the latest changed first (private to them). */
export const useRoutines = (enabled = true) =>
  useQuery({
    queryKey: trainingKeys.routines(),
    queryFn: async ({ signal }) => (await call(routes.listRoutines, { signal })).routines,
    enabled,
  });

/** One routine with each exercise's last session: starting a workout from it is this one request. */
export const fetchRoutineWithLast = (routineId: string) =>
  call(routes.getRoutine, { params: { routineId }, query: { with: 'last' } }).then((answer) => answer.routine);

/** The person's last session of one exercise (previous numbers for an exercise added by hand). */
export const lastOfExerciseQuery = (exerciseId: string) => ({
  queryKey: trainingKeys.lastOf(exerciseId),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LastSession> =>
    (await call(routes.lastOfExercise, { params: { exerciseId }, signal })).last,
  staleTime: 60_000,
});

export function useCreateRoutine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RoutineBody) => (await call(routes.createRoutine, { body })).routine,
    onSuccess: () => client.invalidateQueries({ queryKey: trainingKeys.routines() }),
  });
}

export function useDeleteRoutine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (routineId: string) => call(routes.deleteRoutine, { params: { routineId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: trainingKeys.routines() }),
  });
}
