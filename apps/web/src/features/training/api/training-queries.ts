import { defaultTrainingSettings, routes, trainingLimits, type WeightUnit } from '@spotter/contract';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { searchCatalogue } from '../lib/search-catalogue';
import { isPassing } from '../outbox/send-queued-workout';

/** The signed-in person's units (kg until they are known, and for a visitor). */
export function useUnits(): WeightUnit {
  const session = useSession();
  const { data } = useQuery({
    queryKey: trainingKeys.settings(),
    queryFn: async ({ signal }) => (await call(routes.trainingSettings, { signal })).settings,
    enabled: session !== null,
    staleTime: 5 * 60_000,
  });
  return data?.units ?? defaultTrainingSettings.units;
}

/**
 * The person's whole exercise catalogue (the shared one and their own), fetched when the Log screen
 * opens: the service worker keeps its answer, so exercises can be found with no connection (issue 48).
 */
export const exerciseCatalogue = queryOptions({
  queryKey: trainingKeys.catalogue(),
  queryFn: async ({ signal }) =>
    (await call(routes.listExercises, { query: { q: '', limit: trainingLimits.exerciseSearchMaxLimit }, signal }))
      .exercises,
  staleTime: 60 * 60_000,
});

/** The exercise search: the server's, or, when it cannot be reached, the kept catalogue's. */
export function useExerciseSearch(q: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: trainingKeys.exercises(q),
    queryFn: async ({ signal }) => {
      try {
        return (await call(routes.listExercises, { query: { q, limit: 8 }, signal })).exercises;
      } catch (error) {
        if (!isPassing(error)) throw error;
        return searchCatalogue(await client.fetchQuery(exerciseCatalogue), q, 8);
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Workouts per page of a profile's Workouts tab. */
export const workoutPageSize = 20;

/** A person's workouts, latest first, page by page (keyset cursor: "load more"). */
export const useUserWorkouts = (username: string) =>
  useInfiniteQuery({
    queryKey: trainingKeys.workouts(username),
    queryFn: ({ pageParam, signal }) =>
      call(routes.userWorkouts, {
        params: { username },
        query: { limit: workoutPageSize, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useUserRecords = (username: string) =>
  useQuery({
    queryKey: trainingKeys.records(username),
    queryFn: async ({ signal }) => (await call(routes.userRecords, { params: { username }, signal })).records,
    retry: false,
  });

export const useUserStats = (username: string) =>
  useQuery({
    queryKey: trainingKeys.stats(username),
    queryFn: async ({ signal }) => call(routes.userStats, { params: { username }, signal }),
    retry: false,
  });

export const useProgress = (username: string, exerciseId: string) =>
  useQuery({
    queryKey: trainingKeys.progress(username, exerciseId),
    queryFn: async ({ signal }) =>
      (await call(routes.userProgress, { params: { username }, query: { exerciseId }, signal })).points,
    enabled: exerciseId !== '',
  });
