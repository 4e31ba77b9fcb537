import { routes, type Workout, type WorkoutBody } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, type SentCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { waitForToast } from '../../../testing/screen-facts';
import { signInAs, testUser } from '../../../testing/session';
import { WorkoutRoute } from './workout';

const workoutId = 'b7d3c2a0-0000-4000-8000-000000000001';

/** Maya's Monday: a bench press with a warm-up and an RPE, a plank, a record, notes. */
const stored: Workout = {
  _id: workoutId,
  username: 'maya',
  title: 'Push day',
  startedAt: '2026-12-01T07:00:00.000Z',
  durationSec: 3600,
  notes: 'Felt strong',
  routineId: null,
  totalVolumeKg: 500,
  exercises: [
    {
      exerciseId: 'bench',
      name: 'Barbell Bench Press',
      category: 'strength',
      measure: 'weight_reps',
      notes: 'Paused reps',
      restSec: 120,
      supersetGroup: 2,
      sets: [
        { type: 'warmup', reps: 10, weightKg: 40, distanceM: null, durationSec: null, rpe: null, done: true },
        { type: 'normal', reps: 5, weightKg: 100, distanceM: null, durationSec: null, rpe: 8.5, done: true },
      ],
      volumeKg: 500,
      bestSet: {
        type: 'normal',
        reps: 5,
        weightKg: 100,
        distanceM: null,
        durationSec: null,
        rpe: 8.5,
        done: true,
        index: 1,
      },
      e1rmKg: 116.7,
    },
    {
      exerciseId: 'plank',
      name: 'Plank',
      category: 'bodyweight',
      measure: 'duration',
      notes: '',
      restSec: null,
      supersetGroup: null,
      sets: [{ type: 'normal', reps: null, weightKg: null, distanceM: null, durationSec: 90, rpe: null, done: true }],
      volumeKg: 0,
      bestSet: null,
      e1rmKg: null,
    },
  ],
  records: [{ exerciseId: 'bench', type: 'heaviestWeight', value: 100, weightKg: null, previous: 95 }],
  createdAt: '2026-12-01T08:00:00.000Z',
  updatedAt: '2026-12-01T08:00:00.000Z',
};

/** Stands in for the app's not-found page, which app/router.tsx gives the screen. */
const NotFound = () => <h1>Page not found</h1>;

const screens: RouteObject[] = [
  { path: paths.workoutPattern, element: <WorkoutRoute NotFound={NotFound} /> },
  { path: paths.profilePattern, element: <h1>A profile</h1> },
];

/** The server as apps/server/tests pin it: the workout (as last edited), or 404 for any other id. */
function stubServer() {
  let current = stored;
  return stubApi((call) => {
    if (isCall(call, routes.trainingSettings)) {
      return jsonResponse(200, { settings: { units: 'kg', timeZone: 'UTC', showRecords: true } });
    }
    if (isCall(call, routes.listExercises)) return jsonResponse(200, { exercises: [] });
    if (isCall(call, routes.userWorkouts)) return jsonResponse(200, { workouts: [], nextCursor: null });
    if (isCall(call, routes.getWorkout)) {
      return call.path.endsWith(workoutId)
        ? jsonResponse(200, { workout: current })
        : jsonResponse(404, { errors: ['Workout not found'] });
    }
    if (isCall(call, routes.deleteWorkout)) return jsonResponse(200, { deletedWorkoutId: workoutId });
    if (isCall(call, routes.routineFromWorkout)) {
      return jsonResponse(201, {
        routine: { _id: 'r1', title: 'Push day', notes: '', exercises: [], createdAt: '', updatedAt: '' },
      });
    }
    if (isCall(call, routes.createPost)) return jsonResponse(201, { post: { _id: 'p1' } });
    if (isCall(call, routes.editWorkout)) {
      const { workout } = call.body as WorkoutBody;
      current = { ...stored, title: workout.title };
      return jsonResponse(200, { workout: current });
    }
    return undefined;
  });
}

const sent = (calls: SentCall[], route: (typeof routes)[keyof typeof routes]) =>
  calls.filter((call) => isCall(call, route));

const open = (id = workoutId) => renderRoutes(screens, paths.workout(id));

beforeEach(() => signInAs(testUser({ username: 'maya' })));

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

describe("a past workout's page (issue 46)", () => {
  it('shows the workout: its sets with type and RPE, notes, records', async () => {
    stubServer();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Push day' })).toBeTruthy();
    const bench = screen.getByRole('region', { name: 'Barbell Bench Press' });
    const sets = within(bench)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(sets).toEqual(['Set 1 · Warm-up · 10 × 40 kg', 'Set 2 · 5 × 100 kg · RPE 8.5']);
    expect(within(bench).getByText('Paused reps')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Plank' })).getByRole('listitem').textContent).toBe(
      'Set 1 · 1 min 30 s',
    );
    expect(screen.getByText('Felt strong')).toBeTruthy();
    expect(screen.getByTestId('record-badge').textContent).toContain('Barbell Bench Press: Heaviest weight 100 kg');
    expect(screen.getByText(/1 h 0 min/)).toBeTruthy();
  });

  it('offers its owner Edit, Share, Save as routine and Delete; someone else reads it only', async () => {
    stubServer();
    const { unmount } = open();
    await screen.findByRole('heading', { level: 1, name: 'Push day' });
    for (const name of ['Edit', 'Share as post', 'Save as routine', 'Delete']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    unmount();

    signInAs(testUser({ _id: 'u2', username: 'sam' }));
    open();
    await screen.findByRole('heading', { level: 1, name: 'Push day' });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('link', { name: '@maya' })).toBeTruthy();
  });

  it('shows the not-found page it is given for a workout that does not exist or is hidden', async () => {
    stubServer();
    open('b7d3c2a0-0000-4000-8000-000000000099');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('asks before deleting, deletes nothing on Cancel, and goes back to the profile after Delete', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this workout?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent(calls, routes.deleteWorkout)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this workout?' })).getByRole('button', {
        name: 'Delete workout',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.profile('maya')));
    expect(sent(calls, routes.deleteWorkout).map((call) => call.path)).toEqual([`/api/workouts/${workoutId}`]);
  });

  it('saves it as a routine with one call', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('button', { name: 'Save as routine' }));
    await waitForToast('Saved as the routine “Push day”');
    expect(sent(calls, routes.routineFromWorkout).map((call) => call.path)).toEqual([
      `/api/routines/from-workout/${workoutId}`,
    ]);
  });

  it('shares it as a post with a caption, naming the workout', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('button', { name: 'Share as post' }));
    const dialog = screen.getByRole('dialog', { name: 'Share as post' });
    await user.type(within(dialog).getByLabelText('Caption'), 'Monday bench');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitForToast('Workout shared');
    expect(sent(calls, routes.createPost).map((call) => call.body)).toEqual([
      { postData: { content: 'Monday bench', workoutId } },
    ]);
  });

  it("edits it in the log form's boxes, keeping what the form does not show", async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('Push day');
    expect((screen.getByLabelText('Barbell Bench Press set 2 Weight (kg)') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Plank set 1 Time') as HTMLInputElement).value).toBe('1:30');
    await user.clear(title);
    await user.type(title, 'Heavy push');
    await user.clear(screen.getByLabelText('Barbell Bench Press set 2 Reps'));
    await user.type(screen.getByLabelText('Barbell Bench Press set 2 Reps'), '6');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Heavy push' })).toBeTruthy();
    const [edit] = sent(calls, routes.editWorkout);
    expect(edit?.path).toBe(`/api/workouts/edit/${workoutId}`);
    const { workout } = (edit?.body ?? {}) as WorkoutBody;
    expect(workout).toMatchObject({
      title: 'Heavy push',
      startedAt: stored.startedAt,
      durationSec: 3600,
      notes: 'Felt strong',
      routineId: null,
    });
    expect(workout.exercises).toEqual([
      {
        exerciseId: 'bench',
        notes: 'Paused reps',
        restSec: 120,
        supersetGroup: 2,
        sets: [
          { type: 'warmup', reps: 10, weightKg: 40, done: true },
          { type: 'normal', reps: 6, weightKg: 100, rpe: 8.5, done: true },
        ],
      },
      { exerciseId: 'plank', restSec: 90, sets: [{ type: 'normal', durationSec: 90, done: true }] },
    ]);
  });
});
