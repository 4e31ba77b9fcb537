import type { Page } from '@playwright/test';
import { routes, type WorkoutPage } from '@spotter/contract';
import { expectNoSeriousViolationsLightAndDark } from './support/axe';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';

/**
 * The log form as a lifter uses it between two sets (issue 46): times typed as on a watch, the
 * workout kept through a reload, a session back-dated, the exercise picker by keyboard and the rest
 * timer. What jsdom cannot show is here: a real reload, the browser's own time boxes, axe on the layout.
 */

const picker = (page: Page) => page.getByRole('combobox', { name: 'Add exercise' });

async function addExercise(page: Page, query: string, name: string) {
  await picker(page).fill(query);
  await page.getByRole('listbox', { name: 'Exercises found' }).getByRole('option', { name, exact: true }).click();
  await expect(page.getByRole('group', { name })).toBeVisible();
}

test('log a run as "27:30": its pace shows as it is typed, and the time is stored', async ({ page, api, signUp }) => {
  const me = await signUp('runner');
  await page.goto('/workout/new');
  await addExercise(page, 'running', 'Running');
  await page.getByLabel('Running set 1 Distance (km)').fill('5');
  await page.getByLabel('Running set 1 Time').fill('27:30');
  await expect(page.getByRole('group', { name: 'Running' })).toContainText('5:30 /km');
  await page.getByRole('button', { name: 'Save workout' }).click();
  await expect(toast(page, 'Workout saved')).toBeVisible();
  const [run] = (
    (await api.call(routes.userWorkouts, { token: me.token, params: { username: me.username } })) as WorkoutPage
  ).workouts;
  expect(run?.exercises[0]?.sets[0]).toMatchObject({ distanceM: 5000, durationSec: 1650 });
  await page.getByRole('tab', { name: 'Workouts' }).click();
  await expect(page.getByTestId('workout-summary').first()).toContainText('5 km in 27 min 30 s');
});

test('reload mid-workout: the workout is offered back, and Resume workout brings every box back', async ({
  page,
  api,
  signUp,
}) => {
  const me = await signUp('reloader');
  await page.goto('/workout/new');
  await page.getByLabel('Title').fill('Interrupted push');
  await addExercise(page, 'barbell bench', 'Barbell Bench Press');
  await page.getByLabel('Barbell Bench Press set 1 Weight (kg)').fill('80');
  await page.getByLabel('Barbell Bench Press set 1 Reps').fill('5');
  // Leaving asks first (the browser's own question): this journey says yes.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('region', { name: 'Workout in progress' })).toContainText('Interrupted push');
  await page.getByRole('button', { name: 'Resume workout' }).click();
  await expect(page.getByLabel('Barbell Bench Press set 1 Weight (kg)')).toHaveValue('80');
  await expect(page.getByLabel('Barbell Bench Press set 1 Reps')).toHaveValue('5');
  await page.getByRole('button', { name: 'Save workout' }).click();
  await expect(toast(page, 'Workout saved')).toBeVisible();
  const workouts = (
    (await api.call(routes.userWorkouts, { token: me.token, params: { username: me.username } })) as WorkoutPage
  ).workouts;
  expect(workouts.map((w) => w.title)).toEqual(['Interrupted push']);
  // Saved: nothing is offered any more.
  await page.goto('/workout/new');
  await expect(picker(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume workout' })).toHaveCount(0);
});

test("back-date yesterday's session: its day, start time and duration are kept", async ({ page, api, signUp }) => {
  const me = await signUp('backdater');
  await page.goto('/workout/new');
  // Yesterday at 18:30 on the browser's clock and in its time zone, as the boxes read it.
  const { day, startedAt } = await page.evaluate(() => {
    const at = new Date(Date.now() - 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
    return { day, startedAt: new Date(`${day}T18:30`).toISOString() };
  });
  await page.getByLabel('Date').fill(day);
  await page.getByLabel('Start time').fill('18:30');
  await page.getByLabel('Duration').fill('1:05:00');
  await addExercise(page, 'barbell bench', 'Barbell Bench Press');
  await page.getByLabel('Barbell Bench Press set 1 Weight (kg)').fill('60');
  await page.getByLabel('Barbell Bench Press set 1 Reps').fill('8');
  await page.getByRole('button', { name: 'Save workout' }).click();
  await expect(toast(page, 'Workout saved')).toBeVisible();
  const [workout] = (
    (await api.call(routes.userWorkouts, { token: me.token, params: { username: me.username } })) as WorkoutPage
  ).workouts;
  expect(new Date(workout?.startedAt ?? '').toISOString()).toBe(startedAt);
  expect(workout?.durationSec).toBe(3900);
  await page.getByRole('tab', { name: 'Workouts' }).click();
  await expect(page.getByTestId('workout-summary').first()).toContainText('1 h 5 min');
});

test('the exercise picker by keyboard, then a set ticked done starts the rest timer; axe clean in light and dark', async ({
  page,
  signUp,
}) => {
  // Two axe audits of a long page: as the a11y journeys, more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  await signUp('combo');
  await page.goto('/workout/new');
  const box = picker(page);
  await box.focus();
  await page.keyboard.type('dead');
  const active = page.getByRole('listbox', { name: 'Exercises found' }).getByRole('option', { selected: true });
  await expect(active).toHaveAccessibleName('Conventional Deadlift');
  await page.keyboard.press('ArrowDown');
  await expect(active).not.toHaveAccessibleName('Conventional Deadlift');
  await page.keyboard.press('ArrowUp');
  await expect(active).toHaveAccessibleName('Conventional Deadlift');
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('dead');
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Conventional Deadlift' })).toBeVisible();
  await expect(page.getByLabel('Conventional Deadlift set 1 Weight (kg)')).toBeFocused();

  await page.keyboard.type('140');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  await page.getByLabel('Conventional Deadlift set 1 Done').focus();
  await page.keyboard.press('Space');
  const timer = page.getByRole('timer', { name: /^Rest/ });
  await expect(timer).toBeVisible();
  await expect(timer).toHaveAccessibleName('Rest after Conventional Deadlift');
  // One audit (light, then dark) of the new form's parts together: a set's boxes, the timer, the list open.
  await box.focus();
  await page.keyboard.type('squat');
  await expect(active).toHaveAccessibleName('Barbell Back Squat');
  await expectNoSeriousViolationsLightAndDark(page, 'log workout: a set, the rest timer, the picker open');
  await page.keyboard.press('Escape');
  await timer.getByRole('button', { name: 'Skip rest' }).click();
  await expect(timer).toHaveCount(0);
});

test('start a workout from a routine: the previous numbers beside each set, one tap copies them, a tick starts the rest; axe clean', async ({
  page,
  api,
  signUp,
}) => {
  // One axe audit (light and dark) of a long page: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const me = await signUp('routiner');
  // Last week's session, logged in the form, then kept as a routine.
  await page.goto('/workout/new');
  await page.getByLabel('Title').fill('Push day');
  await addExercise(page, 'barbell bench', 'Barbell Bench Press');
  await page.getByLabel('Barbell Bench Press set 1 Weight (kg)').fill('100');
  await page.getByLabel('Barbell Bench Press set 1 Reps').fill('5');
  await page.getByRole('button', { name: 'Save workout' }).click();
  await expect(toast(page, 'Workout saved')).toBeVisible();
  const [last] = (
    (await api.call(routes.userWorkouts, { token: me.token, params: { username: me.username } })) as WorkoutPage
  ).workouts;
  await api.call(routes.routineFromWorkout, { token: me.token, params: { workoutId: last?._id ?? '' } });

  await page.goto('/workout/new');
  const routines = page.getByRole('region', { name: 'Routines' });
  await routines.getByRole('button', { name: 'Start workout Push day' }).click();
  const copy = page.getByRole('button', { name: 'Last: 5 × 100 kg, copy into Barbell Bench Press set 1' });
  await expect(copy).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Push day');
  await page.getByLabel('Barbell Bench Press set 1 Weight (kg)').fill('');
  await copy.click();
  await expect(page.getByLabel('Barbell Bench Press set 1 Weight (kg)')).toHaveValue('100');
  await expect(page.getByLabel('Barbell Bench Press set 1 Reps')).toHaveValue('5');
  await page.getByLabel('Barbell Bench Press set 1 Done').check();
  const timer = page.getByRole('timer', { name: /^Rest/ });
  await expect(timer).toHaveAccessibleName('Rest after Barbell Bench Press');
  await expectNoSeriousViolationsLightAndDark(
    page,
    'log workout started from a routine: previous numbers, the rest timer',
  );
  await timer.getByRole('button', { name: 'Skip rest' }).click();
  await expect(timer).toHaveCount(0);
});
