import 'fake-indexeddb/auto';
import { type Exercise, type Routine, type RoutineBody, routes, type WorkoutBody } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, type SentCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { skipRest } from '../lib/rest-timer';
import { LogWorkoutRoute } from './log-workout';

const exercise = (name: string, measure: Exercise['measure']): Exercise => ({
  _id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  name,
  category: 'strength',
  measure,
  primaryMuscles: ['chest'],
  secondaryMuscles: [],
  equipment: 'none',
  custom: false,
});

const catalogue = [exercise('Barbell Bench Press', 'weight_reps'), exercise('Plank', 'duration')];

const screens: RouteObject[] = [
  { path: paths.logWorkout, Component: LogWorkoutRoute },
  { path: paths.home, element: <h1>Home feed</h1> },
  { path: paths.profilePattern, element: <h1>A profile</h1> },
];

const at = '2026-12-01T07:00:00.000Z';
const pushId = 'a1d3c2a0-0000-4000-8000-000000000001';
const legsId = 'a1d3c2a0-0000-4000-8000-000000000002';
const lastWorkoutId = 'b7d3c2a0-0000-4000-8000-000000000009';

const done = (set: { reps?: number; weightKg?: number; durationSec?: number }) => ({
  type: 'normal' as const,
  reps: null,
  weightKg: null,
  distanceM: null,
  durationSec: null,
  rpe: null,
  done: true,
  ...set,
});

/** Push day as GET /api/routines/{id} answers it (apps/server/tests/training-routines.test.ts). */
const pushDay = (withLast: boolean): Routine => ({
  _id: pushId,
  title: 'Push day',
  notes: '',
  createdAt: at,
  updatedAt: at,
  exercises: [
    {
      exerciseId: 'barbell-bench-press',
      name: 'Barbell Bench Press',
      category: 'strength',
      measure: 'weight_reps',
      notes: '',
      restSec: 120,
      supersetGroup: null,
      // Planned: two sets of five, the weight left to the day.
      sets: [
        { type: 'normal', reps: 5, weightKg: null, distanceM: null, durationSec: null },
        { type: 'normal', reps: 5, weightKg: null, distanceM: null, durationSec: null },
      ],
      ...(withLast
        ? {
            last: {
              workoutId: lastWorkoutId,
              startedAt: at,
              sets: [done({ reps: 5, weightKg: 100 }), done({ reps: 4, weightKg: 102.5 })],
            },
          }
        : {}),
    },
  ],
});

const legDay: Routine = { ...pushDay(false), _id: legsId, title: 'Leg day' };

const savedWorkout = {
  _id: 'b7d3c2a0-0000-4000-8000-000000000001',
  username: 'maya',
  title: 'Push day',
  startedAt: at,
  durationSec: null,
  notes: '',
  routineId: pushId,
  totalVolumeKg: 0,
  exercises: [],
  records: [],
  createdAt: at,
  updatedAt: at,
};

/** The server: the catalogue, kg, two routines, the person's last plank, and writes stored. */
function stubServer() {
  return stubApi((call) => {
    if (isCall(call, routes.listExercises)) return jsonResponse(200, { exercises: catalogue });
    if (isCall(call, routes.trainingSettings)) {
      return jsonResponse(200, { settings: { units: 'kg', timeZone: 'UTC', showRecords: true } });
    }
    if (isCall(call, routes.userWorkouts)) return jsonResponse(200, { workouts: [], nextCursor: null });
    if (isCall(call, routes.listRoutines)) return jsonResponse(200, { routines: [pushDay(false), legDay] });
    if (isCall(call, routes.getRoutine)) {
      return jsonResponse(200, { routine: pushDay(call.query.get('with') === 'last') });
    }
    if (isCall(call, routes.deleteRoutine)) return jsonResponse(200, { deletedRoutineId: legsId });
    if (isCall(call, routes.lastOfExercise)) {
      const last =
        call.path === '/api/exercises/plank/last'
          ? { workoutId: lastWorkoutId, startedAt: at, sets: [done({ durationSec: 90 })] }
          : null;
      return jsonResponse(200, { last });
    }
    if (isCall(call, routes.createRoutine)) {
      return jsonResponse(201, { routine: { ...pushDay(false), title: (call.body as RoutineBody).routine.title } });
    }
    if (isCall(call, routes.createWorkout)) return jsonResponse(201, { workout: savedWorkout });
    return undefined;
  });
}

const callsOf = (calls: SentCall[], route: (typeof routes)[keyof typeof routes]) =>
  calls.filter((call) => isCall(call, route));

const picker = () => screen.getByRole('combobox', { name: 'Add exercise' });

async function addExercise(user: ReturnType<typeof userEvent.setup>, query: string, name: string) {
  await user.click(picker());
  await user.type(picker(), query);
  await waitFor(() => expect(screen.getByRole('option', { name, selected: true })).toBeTruthy());
  await user.keyboard('{Enter}');
  return screen.getByRole('group', { name });
}

const open = () => renderRoutes(screens, paths.logWorkout);
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

beforeEach(() => signInAs(testUser()));

afterEach(() => {
  cleanup();
  skipRest();
  clearSession();
  vi.unstubAllGlobals();
});

// A screen test types a whole workout: on the shared two cores that takes longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

describe('routines on the Log screen (issue 46)', () => {
  it('lists the person’s routines; deleting one asks first, and Cancel deletes nothing', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    const list = await screen.findByRole('region', { name: 'Routines' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByRole('button', { name: 'Start workout Push day' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Start workout Leg day' })).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Delete routine Leg day' }));
    const ask = screen.getByRole('dialog', { name: 'Delete this routine?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(calls, routes.deleteRoutine)).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Delete routine Leg day' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this routine?' })).getByRole('button', {
        name: 'Delete routine',
      }),
    );
    await waitFor(() =>
      expect(callsOf(calls, routes.deleteRoutine).map((call) => call.path)).toEqual([`/api/routines/${legsId}`]),
    );
  });

  it('Start workout fills the form in one request, with the previous numbers beside each set; a tap copies them', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('button', { name: 'Start workout Push day' }));

    const bench = await screen.findByRole('group', { name: 'Barbell Bench Press' });
    const fetched = callsOf(calls, routes.getRoutine);
    expect(fetched.map((call) => `${call.path}?${call.query}`)).toEqual([`/api/routines/${pushId}?with=last`]);
    // The routine's answer carried the last session: no request per exercise.
    expect(callsOf(calls, routes.lastOfExercise)).toEqual([]);
    expect(value('Title')).toBe('Push day');
    expect(value('Barbell Bench Press set 1 Reps')).toBe('5');
    expect(value('Barbell Bench Press set 1 Weight (kg)')).toBe('');
    expect((screen.getByLabelText('Barbell Bench Press Rest') as HTMLSelectElement).value).toBe('120');
    // Once the form has exercises, the routines give way (starting one would replace them).
    expect(screen.queryByRole('region', { name: 'Routines' })).toBeNull();

    const last1 = within(bench).getByRole('button', { name: 'Last: 5 × 100 kg, copy into Barbell Bench Press set 1' });
    within(bench).getByRole('button', { name: 'Last: 4 × 102.5 kg, copy into Barbell Bench Press set 2' });
    await user.click(last1);
    expect(value('Barbell Bench Press set 1 Weight (kg)')).toBe('100');
    expect(value('Barbell Bench Press set 1 Reps')).toBe('5');
    // The second set is as planned until its own numbers are copied.
    expect(value('Barbell Bench Press set 2 Weight (kg)')).toBe('');

    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    await waitFor(() => expect(callsOf(calls, routes.createWorkout)).toHaveLength(1));
    const sent = (callsOf(calls, routes.createWorkout)[0]?.body as WorkoutBody | undefined)?.workout;
    expect(sent?.routineId).toBe(pushId);
    expect(sent?.title).toBe('Push day');
    expect(sent?.exercises).toEqual([
      {
        exerciseId: 'barbell-bench-press',
        restSec: 120,
        sets: [
          { type: 'normal', reps: 5, weightKg: 100, done: true },
          { type: 'normal', reps: 5, weightKg: null, done: true },
        ],
      },
    ]);
  });

  it('an exercise added by hand gets its previous numbers from its last session', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    const plank = await addExercise(user, 'plank', 'Plank');
    const last = await within(plank).findByRole('button', { name: 'Last: 1 min 30 s, copy into Plank set 1' });
    expect(callsOf(calls, routes.lastOfExercise).map((call) => call.path)).toEqual(['/api/exercises/plank/last']);
    await user.click(last);
    expect(value('Plank set 1 Time')).toBe('1:30');

    // Never done before: no previous numbers, and the form goes on.
    const bench = await addExercise(user, 'bench', 'Barbell Bench Press');
    await waitFor(() => expect(callsOf(calls, routes.lastOfExercise)).toHaveLength(2));
    expect(within(bench).queryByRole('button', { name: /^Last:/ })).toBeNull();
  });

  it('Save as routine sends the exercises typed, in the API’s units', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(screen.getByLabelText('Title'), 'Push day');
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)'), '80');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Reps'), '5{Enter}');
    await user.type(screen.getByLabelText('Barbell Bench Press Notes'), 'Pause at the chest');
    // Planned without its time: a set the routine says to do.
    await addExercise(user, 'plank', 'Plank');
    await user.click(screen.getByRole('button', { name: 'Save as routine' }));

    await waitFor(() => expect(callsOf(calls, routes.createRoutine)).toHaveLength(1));
    expect(callsOf(calls, routes.createRoutine)[0]?.body).toEqual({
      routine: {
        title: 'Push day',
        exercises: [
          {
            exerciseId: 'barbell-bench-press',
            notes: 'Pause at the chest',
            restSec: 90,
            sets: [
              { type: 'normal', reps: 5, weightKg: 80 },
              { type: 'normal', reps: 5, weightKg: 80 },
            ],
          },
          { exerciseId: 'plank', restSec: 90, sets: [{ type: 'normal', durationSec: null }] },
        ],
      },
    });
    expect(await screen.findByText('Saved as routine: Push day')).toBeTruthy();
    expect(callsOf(calls, routes.createWorkout)).toEqual([]);
  });
});
