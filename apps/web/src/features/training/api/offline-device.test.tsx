import 'fake-indexeddb/auto';
import type { Exercise, User } from '@spotter/contract';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appQueryDefaults } from '../../../lib/query-defaults';
import { clearSession, setSession } from '../../../lib/session';
import { discardOutboxOf, outboxOf } from '../outbox/outbox-store';
import { useLogWorkout } from './log-workout';
import { exerciseCatalogue, useExerciseSearch } from './training-queries';

/**
 * A phone in airplane mode: `navigator.onLine` is false and every request fails. The Log screen must
 * still find exercises and save (into the outbox), not wait for a connection that may not come.
 */
const squat: Exercise = {
  _id: 'barbell-back-squat',
  name: 'Barbell Back Squat',
  category: 'strength',
  measure: 'weight_reps',
  primaryMuscles: ['quadriceps'],
  secondaryMuscles: [],
  equipment: 'barbell',
  custom: false,
};

beforeEach(() => {
  setSession({ token: 'token-of-ann', user: { username: 'ann' } as User });
  onlineManager.setOnline(false);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
});

afterEach(async () => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  await discardOutboxOf('ann');
  clearSession();
});

/** The app's own client settings (a retry included: offline, TanStack pauses it until the connection returns). */
function withClient() {
  const client = new QueryClient({ defaultOptions: { queries: appQueryDefaults } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('the Log screen with the device offline', () => {
  it('finds exercises in the kept catalogue', async () => {
    const { client, wrapper } = withClient();
    client.setQueryData(exerciseCatalogue.queryKey, [squat]);
    const { result } = renderHook(() => useExerciseSearch('squat'), { wrapper });
    await waitFor(() => expect(result.current.data?.map((e) => e.name)).toEqual(['Barbell Back Squat']));
  });

  it('saves a workout into the outbox at once, while the screen’s reads wait for the connection', async () => {
    const { client, wrapper } = withClient();
    client.setQueryData(exerciseCatalogue.queryKey, [squat]);
    const { result } = renderHook(() => ({ search: useExerciseSearch('squat'), log: useLogWorkout() }), { wrapper });
    await waitFor(() => expect(result.current.search.data).toHaveLength(1));
    const outcome = result.current.log.mutateAsync({
      workout: {
        title: 'Airplane mode legs',
        startedAt: '2026-12-06T07:00:00.000Z',
        exercises: [{ exerciseId: squat._id, sets: [{ reps: 5, weightKg: 100 }] }],
      },
      share: null,
    });
    await expect(outcome).resolves.toEqual({ kind: 'queued' });
    expect((await outboxOf('ann')).map((e) => e.workout.title)).toEqual(['Airplane mode legs']);
  });
});
