import {
  defaultTrainingSettings,
  type Exercise,
  routes,
  type TrainingSettings,
  trainingLimits,
  type WeightUnit,
} from '@spotter/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { searchCatalogue, usageOf } from '../lib/search-catalogue';
import { isPassing } from '../outbox/send-queued-workout';

const unitsKey = (username: string) => `spotter.units.${username}`;

function keptUnits(username: string | undefined): TrainingSettings | undefined {
  if (!username) return undefined;
  try {
    const units = localStorage.getItem(unitsKey(username));
    return units === 'kg' || units === 'lb' ? { ...defaultTrainingSettings, units } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in person's units (kg for a visitor). The last ones known are kept on the device and
 * used from the first paint while the settings are read again, so a card never shows kg and then
 * flips to lb (issue 46); logout clears them with the rest of localStorage.
 */
export function useUnits(): WeightUnit {
  const session = useSession();
  const username = session?.user.username;
  const { data } = useQuery({
    queryKey: trainingKeys.settings(),
    queryFn: async ({ signal }) => (await call(routes.trainingSettings, { signal })).settings,
    enabled: session !== null,
    staleTime: 5 * 60_000,
    // Only the units are taken from what is kept: the query still asks the server, as if it had nothing.
    placeholderData: () => keptUnits(username),
  });
  const units = data?.units;
  useEffect(() => {
    if (!username || !units) return;
    try {
      localStorage.setItem(unitsKey(username), units);
    } catch {
      // Not kept: the next first paint uses kg until the settings come.
    }
  }, [username, units]);
  return units ?? defaultTrainingSettings.units;
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
export function useExerciseSearch(q: string, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: trainingKeys.exercises(q),
    queryFn: async ({ signal }) => {
      try {
        return (await call(routes.listExercises, { query: { q, limit: pickerSize }, signal })).exercises;
      } catch (error) {
        if (!isPassing(error)) throw error;
        return searchCatalogue(await client.fetchQuery(exerciseCatalogue), q, pickerSize);
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** How many exercises the picker offers at once. */
const pickerSize = 8;

/**
 * The exercise picker's choices for what was typed, ranked on the device (lib/search-catalogue.ts)
 * over the kept catalogue, or, until it has come, over the server's answers; the person's own
 * latest workouts say what they use most.
 */
export function useExerciseChoices(q: string, username: string | undefined): Exercise[] {
  const catalogue = useQuery(exerciseCatalogue);
  const search = useExerciseSearch(q, !catalogue.data && q !== '');
  const workouts = useInfiniteQuery({ ...userWorkoutsQuery(username ?? ''), enabled: Boolean(username) });
  const usage = useMemo(() => usageOf(workouts.data?.pages.flatMap((page) => page.workouts) ?? []), [workouts.data]);
  const source = catalogue.data ?? (q !== '' ? search.data : undefined);
  return useMemo(() => (source ? searchCatalogue(source, q, pickerSize, usage) : []), [source, q, usage]);
}

/** Workouts per page of a profile's Workouts tab. */
export const workoutPageSize = 20;

/** A person's workouts, latest first, page by page (keyset cursor: "load more"). */
const userWorkoutsQuery = (username: string) =>
  infiniteQueryOptions({
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

export const useUserWorkouts = (username: string) => useInfiniteQuery(userWorkoutsQuery(username));

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
