import 'fake-indexeddb/auto';
import { type Exercise, routes, type WorkoutBody } from '@spotter/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, type SentCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { accessibleDescription } from '../../../testing/screen-facts';
import { signInAs, testUser } from '../../../testing/session';
import { skipRest } from '../lib/rest-timer';
import { LogWorkoutRoute } from './log-workout';

const exercise = (
  name: string,
  measure: Exercise['measure'],
  category: Exercise['category'] = 'strength',
): Exercise => ({
  _id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  name,
  category,
  measure,
  primaryMuscles: ['chest'],
  secondaryMuscles: [],
  equipment: 'none',
  custom: false,
});

/** Names and measures as the catalogue has them (apps/server/src/modules/training/catalogue.ts). */
const catalogue = [
  exercise('Barbell Bench Press', 'weight_reps'),
  exercise('Bench Dip', 'reps', 'bodyweight'),
  exercise('Conventional Deadlift', 'weight_reps'),
  exercise('Dead Bug', 'reps', 'bodyweight'),
  exercise('Romanian Deadlift', 'weight_reps'),
  exercise('Plank', 'duration', 'bodyweight'),
  exercise('Running', 'distance_duration', 'cardio'),
];

const screens: RouteObject[] = [
  { path: paths.logWorkout, Component: LogWorkoutRoute },
  { path: paths.home, element: <h1>Home feed</h1> },
  { path: paths.profilePattern, element: <h1>A profile</h1> },
];

const savedWorkout = {
  _id: 'b7d3c2a0-0000-4000-8000-000000000001',
  username: 'maya',
  title: 'Workout',
  startedAt: '2026-12-01T07:00:00.000Z',
  durationSec: null,
  notes: '',
  totalVolumeKg: 0,
  exercises: [],
  records: [],
  createdAt: '2026-12-01T07:00:00.000Z',
  updatedAt: '2026-12-01T07:00:00.000Z',
};

/**
 * The server as apps/server/tests/workouts.test.ts pins it: the catalogue, the person's units, no
 * earlier workouts, and a workout stored, or refused with `refusal` (its words as the API's).
 */
function stubServer({ units = 'kg', refusal }: { units?: 'kg' | 'lb' | 'never'; refusal?: string[] } = {}) {
  return stubApi((call) => {
    if (isCall(call, routes.listExercises)) return jsonResponse(200, { exercises: catalogue });
    if (isCall(call, routes.trainingSettings)) {
      if (units === 'never') return new Promise<Response>(() => undefined);
      return jsonResponse(200, { settings: { units, timeZone: 'UTC', showRecords: true } });
    }
    if (isCall(call, routes.userWorkouts)) return jsonResponse(200, { workouts: [], nextCursor: null });
    if (isCall(call, routes.createWorkout)) {
      return refusal ? jsonResponse(400, { errors: refusal }) : jsonResponse(201, { workout: savedWorkout });
    }
    return undefined;
  });
}

const sentWorkouts = (calls: SentCall[]) =>
  calls.filter((call) => isCall(call, routes.createWorkout)).map((call) => (call.body as WorkoutBody).workout);

const picker = () => screen.getByRole('combobox', { name: 'Add exercise' });

async function addExercise(user: ReturnType<typeof userEvent.setup>, query: string, name: string) {
  await user.click(picker());
  await user.type(picker(), query);
  await waitFor(() => expect(screen.getByRole('option', { name, selected: true })).toBeTruthy());
  await user.keyboard('{Enter}');
  return screen.getByRole('group', { name });
}

const open = () => renderRoutes(screens, paths.logWorkout);

beforeEach(() => signInAs(testUser()));

afterEach(() => {
  cleanup();
  skipRest();
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// A screen test types a whole workout: on the shared two cores that takes longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

describe('typing a workout between two lifts (issue 46)', () => {
  it('says beside the box what to fix in plain words, and saves nothing until it is fixed', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)'), '80');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Reps'), 'abc');
    await addExercise(user, 'plank', 'Plank');
    await user.type(screen.getByLabelText('Plank set 1 Time'), '1:75');
    await user.click(screen.getByRole('button', { name: 'Save workout' }));

    const reps = screen.getByLabelText('Barbell Bench Press set 1 Reps');
    expect(reps.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(reps)).toBe('Type the reps as a number');
    expect(document.activeElement).toBe(reps);
    const plank = screen.getByLabelText('Plank set 1 Time');
    expect(accessibleDescription(plank)).toBe('Type the time as mm:ss, h:mm:ss or minutes');
    expect(sentWorkouts(calls)).toEqual([]);

    // Fixed box by box, each one's words go as it is fixed; then the save goes.
    await user.clear(reps);
    await user.type(reps, '5');
    expect(reps.getAttribute('aria-invalid')).toBeNull();
    expect(accessibleDescription(plank)).not.toBe('');
    await user.clear(plank);
    await user.type(plank, '1:30');
    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    await waitFor(() => expect(sentWorkouts(calls)).toHaveLength(1));
    expect(sentWorkouts(calls)[0]?.exercises).toEqual([
      { exerciseId: 'barbell-bench-press', restSec: 90, sets: [{ type: 'normal', reps: 5, weightKg: 80, done: true }] },
      { exerciseId: 'plank', restSec: 90, sets: [{ type: 'normal', durationSec: 90, done: true }] },
    ]);
  });

  it('puts a refusal of the server beside its box, never its path', async () => {
    const calls = stubServer({ refusal: ['workout.exercises.0.sets.1.reps: must be between 0 and 1000'] });
    const user = userEvent.setup({ delay: null });
    open();
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Reps'), '5{Enter}');
    // Set 2 came prefilled; an empty set 2 would not be sent, so the path's index is set 2's.
    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    await waitFor(() => expect(sentWorkouts(calls)).toHaveLength(1));
    const second = screen.getByLabelText('Barbell Bench Press set 2 Reps');
    await waitFor(() => expect(accessibleDescription(second)).toBe('Reps must be between 0 and 1000'));
    expect(document.body.textContent).not.toMatch(/exercises\.\d|sets\.\d/);
  });

  it('takes a run as "27:30" and shows its pace, per km, or per mile for a person in pounds', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await addExercise(user, 'run', 'Running');
    await user.type(screen.getByLabelText('Running set 1 Distance (km)'), '5');
    await user.type(screen.getByLabelText('Running set 1 Time'), '27:30');
    expect(screen.getByText('5:30 /km')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    await waitFor(() => expect(sentWorkouts(calls)).toHaveLength(1));
    expect(sentWorkouts(calls)[0]?.exercises[0]?.sets).toEqual([
      { type: 'normal', distanceM: 5000, durationSec: 1650, done: true },
    ]);
  });

  it('paints the units kept on the device first, while the settings are asked again: no kg before lb', async () => {
    localStorage.setItem('spotter.units.maya', 'lb');
    stubServer({ units: 'never' });
    const user = userEvent.setup({ delay: null });
    open();
    await addExercise(user, 'bench', 'Barbell Bench Press');
    expect(screen.getByLabelText('Barbell Bench Press set 1 Weight (lb)')).toBeTruthy();
    await addExercise(user, 'run', 'Running');
    await user.type(screen.getByLabelText('Running set 1 Distance (mi)'), '1');
    await user.type(screen.getByLabelText('Running set 1 Time'), '8:00');
    expect(screen.getByText('8:00 /mi')).toBeTruthy();
  });

  it('back-dates a workout: its day, start time and duration are sent as typed', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), day);
    await user.clear(screen.getByLabelText('Start time'));
    await user.type(screen.getByLabelText('Start time'), '18:30');
    await user.type(screen.getByLabelText('Duration'), 'an hour');
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Reps'), '5');
    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    expect(accessibleDescription(screen.getByLabelText('Duration'))).toBe('Type the time as mm:ss, h:mm:ss or minutes');
    await user.clear(screen.getByLabelText('Duration'));
    await user.type(screen.getByLabelText('Duration'), '1:05:00');
    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    await waitFor(() => expect(sentWorkouts(calls)).toHaveLength(1));
    const [sent] = sentWorkouts(calls);
    expect(sent?.startedAt).toBe(new Date(`${day}T18:30`).toISOString());
    expect(sent?.durationSec).toBe(3900);
  });

  it('sends each set’s type and RPE, and the exercise’s notes', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)'), '40');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Reps'), '10');
    await user.selectOptions(screen.getByLabelText('Barbell Bench Press set 1 Type'), 'Warm-up');
    await user.click(screen.getByRole('button', { name: 'Add set' }));
    await user.clear(screen.getByLabelText('Barbell Bench Press set 2 Weight (kg)'));
    await user.type(screen.getByLabelText('Barbell Bench Press set 2 Weight (kg)'), '80');
    await user.selectOptions(screen.getByLabelText('Barbell Bench Press set 2 Type'), 'Normal');
    await user.selectOptions(screen.getByLabelText('Barbell Bench Press set 2 RPE'), '8.5');
    await user.type(screen.getByLabelText('Barbell Bench Press Notes'), 'Elbows in');
    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    await waitFor(() => expect(sentWorkouts(calls)).toHaveLength(1));
    expect(sentWorkouts(calls)[0]?.exercises[0]).toEqual({
      exerciseId: 'barbell-bench-press',
      notes: 'Elbows in',
      restSec: 90,
      sets: [
        { type: 'warmup', reps: 10, weightKg: 40, done: true },
        { type: 'normal', reps: 10, weightKg: 80, rpe: 8.5, done: true },
      ],
    });
  });
});

describe('the exercise picker (issue 46)', () => {
  it('is a combobox: typing lists the common lift first, arrows move, Escape closes, Enter adds', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    const box = picker();
    await user.click(box);
    await user.type(box, 'dead');
    const list = await screen.findByRole('listbox', { name: 'Exercises found' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Conventional DeadliftStrength', 'Romanian DeadliftStrength', 'Dead BugBodyweight']),
    );
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('Conventional DeadliftStrength');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Dead BugBodyweight');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Dead BugBodyweight');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Conventional DeadliftStrength');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Dead BugBodyweight');

    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('dead');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Conventional DeadliftStrength');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('group', { name: 'Romanian Deadlift' })).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
    // The new exercise's first box has the focus, for its first set.
    expect(document.activeElement).toBe(screen.getByLabelText('Romanian Deadlift set 1 Weight (kg)'));
  });

  it('puts Barbell Bench Press before Bench Dip', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(picker(), 'bench');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Barbell Bench PressStrength',
        'Bench DipBodyweight',
      ]),
    );
  });
});

describe('the workout in progress (issue 46)', () => {
  it('is kept at every change and offered back: Resume workout brings it back', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(screen.getByLabelText('Title'), 'Push day');
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)'), '82.5');
    cleanup();

    open();
    expect(screen.queryByRole('combobox', { name: 'Add exercise' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Workout in progress' }).textContent).toContain('Push day');
    await user.click(screen.getByRole('button', { name: 'Resume workout' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Push day');
    expect((screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)') as HTMLInputElement).value).toBe('82.5');
  });

  it('Discard drops it: the next visit starts empty, with nothing offered', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    await addExercise(user, 'bench', 'Barbell Bench Press');
    cleanup();
    open();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('group', { name: 'Barbell Bench Press' })).toBeNull();
    cleanup();
    open();
    expect(screen.queryByRole('button', { name: 'Resume workout' })).toBeNull();
    expect(picker()).toBeTruthy();
  });

  it('asks before leaving the screen: Cancel stays, Leave goes (and the workout is kept)', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await act(() => router.navigate(paths.home));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this workout?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe(paths.logWorkout);
    await act(() => router.navigate(paths.home));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    await act(() => router.navigate(paths.logWorkout));
    expect(await screen.findByRole('button', { name: 'Resume workout' })).toBeTruthy();
  });

  it('a removed set or exercise can be undone, and Enter on a set’s remove button never takes the exercise', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    open();
    const group = await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Reps'), '5{Enter}');
    await user.clear(screen.getByLabelText('Barbell Bench Press set 2 Weight (kg)'));
    await user.type(screen.getByLabelText('Barbell Bench Press set 2 Weight (kg)'), '90');

    screen.getByRole('button', { name: 'Remove set 1 of Barbell Bench Press' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toContain('Removed set 1 of Barbell Bench Press.');
    expect(document.activeElement).toBe(within(group).getByRole('button', { name: 'Add set' }));
    // The last set's remove, Enter twice: one set goes, the exercise stays.
    screen.getByRole('button', { name: 'Remove set 1 of Barbell Bench Press' }).focus();
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByRole('group', { name: 'Barbell Bench Press' })).toBeTruthy();
    // The second Enter landed on Add set: a new, empty set 1.
    expect((screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)'), '90');

    await user.click(screen.getByRole('button', { name: 'Remove set 1 of Barbell Bench Press' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect((screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)') as HTMLInputElement).value).toBe('90');

    await user.click(screen.getByRole('button', { name: 'Remove exercise Barbell Bench Press' }));
    expect(screen.queryByRole('group', { name: 'Barbell Bench Press' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Removed Barbell Bench Press.');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect((screen.getByLabelText('Barbell Bench Press set 1 Weight (kg)') as HTMLInputElement).value).toBe('90');
  });
});

describe('the rest timer (issue 46)', () => {
  it('starts when a set is ticked done, takes ±15 s and Skip, and keeps counting across screens', async () => {
    // The clock stands still, so what the timer shows is exact.
    vi.useFakeTimers({ toFake: ['Date'] });
    stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await addExercise(user, 'bench', 'Barbell Bench Press');
    await user.type(screen.getByLabelText('Barbell Bench Press set 1 Reps'), '5');
    expect(screen.queryByRole('timer')).toBeNull();
    await user.click(screen.getByLabelText('Barbell Bench Press set 1 Done'));
    const timer = screen.getByRole('timer', { name: /^Rest/ });
    expect(timer.getAttribute('aria-label')).toBe('Rest after Barbell Bench Press');
    expect(timer.textContent).toContain('1:30');
    await user.click(within(timer).getByRole('button', { name: '+15 s' }));
    expect(timer.textContent).toContain('1:45');
    await user.click(within(timer).getByRole('button', { name: '−15 s' }));
    await user.click(within(timer).getByRole('button', { name: '−15 s' }));
    expect(timer.textContent).toContain('1:15');

    await act(() => router.navigate(paths.home));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    await act(() => router.navigate(paths.logWorkout));
    await user.click(await screen.findByRole('button', { name: 'Resume workout' }));
    expect(screen.getByRole('timer', { name: /^Rest/ }).textContent).toContain('1:15');
    await user.click(screen.getByRole('button', { name: 'Skip rest' }));
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
