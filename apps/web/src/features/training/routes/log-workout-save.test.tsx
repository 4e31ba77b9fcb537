import 'fake-indexeddb/auto';
import { type Exercise, type Media, routes, type Workout, type WorkoutBody } from '@spotter/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
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

/** The photo's upload, held until the test lets it finish (or fail). */
const upload = vi.hoisted(() => ({
  progress: (() => undefined) as (fraction: number) => void,
  finish: (() => undefined) as (media: unknown) => void,
  fail: (() => undefined) as (error: Error) => void,
}));
vi.mock('../../../lib/upload-media', () => ({
  uploadMedia: (_file: File, onProgress: (fraction: number) => void) =>
    new Promise((resolve, reject) => {
      upload.progress = onProgress;
      upload.finish = resolve;
      upload.fail = reject;
    }),
}));

// jsdom has no object URLs; the photo's preview needs one.
URL.createObjectURL = () => 'blob:photo';
URL.revokeObjectURL = () => undefined;

const exercise = (name: string, measure: Exercise['measure']): Exercise => ({
  _id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  name,
  category: 'strength',
  measure,
  primaryMuscles: [],
  secondaryMuscles: [],
  equipment: 'barbell',
  custom: false,
});
const catalogue = [
  exercise('Conventional Deadlift', 'weight_reps'),
  exercise('Barbell Bench Press', 'weight_reps'),
  exercise('Pull-Up', 'reps'),
  exercise('Barbell Back Squat', 'weight_reps'),
];

const screens: RouteObject[] = [
  { path: paths.logWorkout, Component: LogWorkoutRoute },
  { path: paths.home, element: <h1>Home feed</h1> },
  { path: paths.profilePattern, element: <h1>A profile</h1> },
];

/** A workout as the server answers a save: the deadlift set a record (160 kg) when `records`. */
const answered = (records: Workout['records']): Workout => ({
  _id: 'b7d3c2a0-0000-4000-8000-000000000001',
  username: 'maya',
  title: 'Workout',
  startedAt: '2026-12-01T07:00:00.000Z',
  durationSec: null,
  notes: '',
  routineId: null,
  totalVolumeKg: 480,
  exercises: [
    {
      exerciseId: 'conventional-deadlift',
      name: 'Conventional Deadlift',
      category: 'strength',
      measure: 'weight_reps',
      notes: '',
      restSec: 90,
      supersetGroup: null,
      sets: [{ type: 'normal', reps: 3, weightKg: 160, distanceM: null, durationSec: null, rpe: null, done: true }],
      volumeKg: 480,
      bestSet: null,
      e1rmKg: 176,
    },
  ],
  records,
  createdAt: '2026-12-01T07:00:00.000Z',
  updatedAt: '2026-12-01T07:00:00.000Z',
});

function stubServer(records: Workout['records'] = []) {
  return stubApi((call) => {
    if (isCall(call, routes.listExercises)) return jsonResponse(200, { exercises: catalogue });
    if (isCall(call, routes.trainingSettings)) {
      return jsonResponse(200, { settings: { units: 'kg', timeZone: 'UTC', showRecords: true } });
    }
    if (isCall(call, routes.userWorkouts)) return jsonResponse(200, { workouts: [], nextCursor: null });
    if (isCall(call, routes.lastOfExercise)) return jsonResponse(200, { last: null });
    if (isCall(call, routes.createWorkout)) return jsonResponse(201, { workout: answered(records) });
    if (isCall(call, routes.createPost)) return jsonResponse(201, { posts: [] });
    return undefined;
  });
}

const sent = (calls: SentCall[], route: typeof routes.createWorkout | typeof routes.createPost) =>
  calls.filter((call) => isCall(call, route)).map((call) => call.body);
const sentWorkouts = (calls: SentCall[]) =>
  sent(calls, routes.createWorkout).map((body) => (body as WorkoutBody).workout);

async function addExercise(user: ReturnType<typeof userEvent.setup>, query: string, name: string) {
  const picker = screen.getByRole('combobox', { name: 'Add exercise' });
  await user.click(picker);
  await user.type(picker, query);
  await waitFor(() => expect(screen.getByRole('option', { name, selected: true })).toBeTruthy());
  await user.keyboard('{Enter}');
  return screen.getByRole('group', { name: new RegExp(`^${name}`) });
}

/** A deadlift of 3 × 160 kg typed in. */
async function typeDeadlift(user: ReturnType<typeof userEvent.setup>) {
  await addExercise(user, 'deadlift', 'Conventional Deadlift');
  await user.type(screen.getByLabelText('Conventional Deadlift set 1 Weight (kg)'), '160');
  await user.type(screen.getByLabelText('Conventional Deadlift set 1 Reps'), '3');
}

beforeEach(() => signInAs(testUser()));
afterEach(() => {
  cleanup();
  skipRest();
  clearSession();
  localStorage.clear();
  vi.unstubAllGlobals();
});
vi.setConfig({ testTimeout: 30_000 });

describe('saving a workout that set records (issue 46)', () => {
  it('says each record before leaving the screen, then Continue leaves', async () => {
    stubServer([
      { exerciseId: 'conventional-deadlift', type: 'heaviestWeight', value: 160, weightKg: null, previous: 150 },
      { exerciseId: 'conventional-deadlift', type: 'bestE1rm', value: 176, weightKg: null, previous: 165 },
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.logWorkout);
    await typeDeadlift(user);
    await user.click(screen.getByRole('button', { name: 'Save workout' }));

    const records = await screen.findByRole('status', { name: '2 new records' });
    expect(
      within(records)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['New record: Conventional Deadlift 160 kg', 'New record: Conventional Deadlift, best e1RM 176 kg']);
    expect(router.state.location.pathname).toBe(paths.logWorkout);
    await user.click(within(records).getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe(paths.profile('maya'));
  });

  it('leaves at once when the save set no record', async () => {
    stubServer([]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.logWorkout);
    await typeDeadlift(user);
    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.profile('maya')));
  });
});

describe('"Share as post" while the photo uploads (issue 46)', () => {
  const media: Media = { url: '/media/photo.jpg', type: 'image' } as Media;

  it('keeps the click: the button says it waits, and the post goes with the photo once it is up', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.logWorkout);
    await typeDeadlift(user);
    await user.upload(
      screen.getByLabelText('Photo (when shared)'),
      new File(['jpeg'], 'pr.jpg', { type: 'image/jpeg' }),
    );
    act(() => upload.progress(0.4));
    await user.click(screen.getByRole('button', { name: 'Share as post' }));

    const waiting = screen.getByRole('button', { name: 'Sharing when the photo is up (40%)' });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Save workout' }).hasAttribute('disabled')).toBe(true);
    expect(sentWorkouts(calls)).toEqual([]);
    act(() => upload.progress(0.9));
    expect(screen.getByRole('button', { name: 'Sharing when the photo is up (90%)' })).toBeTruthy();

    await act(async () => upload.finish(media));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(sentWorkouts(calls)).toHaveLength(1);
    expect(sent(calls, routes.createPost)).toEqual([
      {
        postData: {
          content: '',
          workoutId: 'b7d3c2a0-0000-4000-8000-000000000001',
          image: '/media/photo.jpg',
          mediaType: 'image',
          alt: null,
        },
      },
    ]);
  });

  it('shares nothing when the photo fails, and says so; the workout stays in the form', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.logWorkout);
    await typeDeadlift(user);
    await user.upload(
      screen.getByLabelText('Photo (when shared)'),
      new File(['jpeg'], 'pr.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Share as post' }));
    await act(async () => upload.fail(new Error('The photo could not be stored.')));
    expect(await screen.findByText('The photo is not attached, so the workout was not shared yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share as post' }).hasAttribute('disabled')).toBe(false);
    expect(sentWorkouts(calls)).toEqual([]);
    expect(screen.getByLabelText('Conventional Deadlift set 1 Weight (kg)')).toHaveProperty('value', '160');
  });
});

describe('supersets in the log form (issue 46)', () => {
  it('groups an exercise with the one before it, shows the group, and sends one supersetGroup for both', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.logWorkout);
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Reps'), '8');
    const pullUps = await addExercise(user, 'pull', 'Pull-Up');
    await user.type(screen.getByLabelText('Pull-Up set 1 Reps'), '10');
    const squat = await addExercise(user, 'squat', 'Barbell Back Squat');
    await user.type(screen.getByLabelText('Barbell Back Squat set 1 Reps'), '5');
    // The first exercise has no one before it.
    expect(screen.getAllByRole('checkbox', { name: /^Superset with/ })).toHaveLength(2);

    await user.click(within(pullUps).getByRole('checkbox', { name: /^Superset with Barbell Bench Press/ }));
    expect(screen.getByRole('group', { name: 'Barbell Bench Press · Superset 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Pull-Up · Superset 1' })).toBeTruthy();
    expect(within(squat).getByRole('checkbox', { name: /^Superset with Pull-Up/ })).toHaveProperty('checked', false);

    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    await waitFor(() => expect(sentWorkouts(calls)).toHaveLength(1));
    expect(sentWorkouts(calls)[0]?.exercises.map((e) => [e.exerciseId, e.supersetGroup ?? null])).toEqual([
      ['barbell-bench-press', 1],
      ['pull-up', 1],
      ['barbell-back-squat', null],
    ]);
  });

  it('takes an exercise out of its superset again', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.logWorkout);
    await addExercise(user, 'bench', 'Barbell Bench Press');
    const pullUps = await addExercise(user, 'pull', 'Pull-Up');
    const box = within(pullUps).getByRole('checkbox', { name: /^Superset with/ });
    await user.click(box);
    expect(screen.getByRole('group', { name: 'Pull-Up · Superset 1' })).toBeTruthy();
    await user.click(box);
    expect(screen.getByRole('group', { name: 'Pull-Up' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Barbell Bench Press' })).toBeTruthy();
  });
});
