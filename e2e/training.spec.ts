import type { Locator, Page } from '@playwright/test';
import { routes, type Workout, type WorkoutPage } from '@spotter/contract';
import { expectNoSeriousViolationsLightAndDark } from './support/axe';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';

/** A bench press session a week ago, so that today's heavier one sets a record. */
const earlierBench = (startedAt: string) => ({
  workout: {
    title: 'Earlier bench',
    startedAt,
    exercises: [{ exerciseId: 'barbell-bench-press', sets: [{ weightKg: 70, reps: 5 }] }],
  },
});

async function tab(page: Page, times: number) {
  for (let i = 0; i < times; i += 1) await page.keyboard.press('Tab');
}

/** Tabs on until `target` has the focus: a date or time box is one stop per part, and how many parts is the locale's. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
}

async function addExerciseByKeyboard(page: Page, query: string, name: string) {
  await expect(page.getByRole('combobox', { name: 'Add exercise' })).toBeFocused();
  await page.keyboard.type(query);
  // The combobox shows its first choice active: Enter adds it.
  await expect(page.getByRole('listbox', { name: 'Exercises found' }).getByRole('option').first()).toHaveAccessibleName(
    name,
  );
  await expect(page.getByRole('option', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name })).toBeVisible();
}

test('log a three-exercise workout by keyboard alone, share it, see the record badge and the chart', async ({
  page,
  api,
  signUp,
}) => {
  const me = await signUp('logger');
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
  await api.call(routes.createWorkout, { token: me.token, body: earlierBench(weekAgo) });

  await page.goto('/workout/new');
  await page.getByLabel('Title').focus();
  await page.keyboard.type('Push and run');
  // Date, start time and duration (today, now and none), then the exercise picker.
  await tabTo(page, page.getByRole('combobox', { name: 'Add exercise' }));

  await addExerciseByKeyboard(page, 'barbell bench', 'Barbell Bench Press');
  // Set 1, then Enter: set 2 comes prefilled with set 1's values, its weight focused.
  await page.keyboard.type('70');
  await tab(page, 1);
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  const secondWeight = page.getByLabel('Barbell Bench Press set 2 Weight (kg)');
  await expect(secondWeight).toBeFocused();
  await expect(secondWeight).toHaveValue('70');
  await expect(page.getByLabel('Barbell Bench Press set 2 Reps')).toHaveValue('5');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('72.5');
  // Reps, type, RPE, done, remove set, Add set, rest, Remove exercise, notes, then the picker again.
  await tab(page, 10);

  await addExerciseByKeyboard(page, 'running', 'Running');
  await page.keyboard.type('5');
  await tab(page, 1);
  await page.keyboard.type('30');
  // Type, RPE, done, remove set, Add set, rest, Remove exercise, notes, then the picker.
  await tab(page, 9);

  await addExerciseByKeyboard(page, 'plank', 'Plank');
  // A time box reads plain numbers as minutes: a minute's plank is 1:00.
  await page.keyboard.type('1:00');
  // Type, RPE, done, remove set, Add set, rest, Remove exercise, notes, picker, caption.
  await tab(page, 10);
  await page.keyboard.type('Three exercises, one PR');
  // The photo picker, Save workout, Share as post.
  await tab(page, 3);
  await expect(page.getByRole('button', { name: 'Share as post' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Workout shared')).toBeVisible();
  // The records the save set are said before the screen is left (issue 46); Continue has the focus.
  await expect(
    page
      .getByRole('status')
      .getByText(/^New record: /)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/landing$/);
  const card = page.getByTestId('post-card').filter({ hasText: 'Three exercises, one PR' });
  const summary = card.getByTestId('workout-summary');
  await expect(summary).toContainText('Push and run');
  await expect(summary).toContainText('Barbell Bench Press');
  await expect(summary).toContainText('Running');
  await expect(summary).toContainText('Plank');
  await expect(summary.getByTestId('record-badge').first()).toContainText(
    'Barbell Bench Press: Heaviest weight 72.5 kg',
  );

  await page.goto(`/profilepage/${me.username}`);
  // The earlier bench (7 days ago: last ISO week, in the default UTC) and today's: two weeks in a row,
  // one workout this week, two in all.
  await expect(page.getByTestId('training-stats')).toHaveText('2 weeks streak · 1 this week · 2 workouts');
  await page.getByRole('tab', { name: 'Records' }).click();
  await page.getByLabel('Progress of').selectOption({ label: 'Barbell Bench Press' });
  const chart = page.getByTestId('progress-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('figcaption')).toContainText('72.5 kg best');
  await page.getByRole('tab', { name: 'Workouts' }).click();
  await expect(page.getByTestId('workout-summary')).toHaveCount(2);
});

test('units shown as set: in pounds every weight shows in lb, and a weight typed in lb is stored in kg', async ({
  page,
  api,
  signUp,
}) => {
  const me = await signUp('pounds');
  // A round 100 kg bench, logged (in kg, as the API takes it) and shared before the units change.
  const { workout } = (await api.call(routes.createWorkout, {
    token: me.token,
    body: {
      workout: {
        title: 'Hundred kilo bench',
        startedAt: new Date(Date.now() - 3_600_000).toISOString(),
        exercises: [{ exerciseId: 'barbell-bench-press', sets: [{ weightKg: 100, reps: 5 }] }],
      },
    },
  })) as { workout: Workout };
  await api.call(routes.createPost, {
    token: me.token,
    body: { postData: { content: 'A round hundred', workoutId: workout._id } },
  });

  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Pounds (lb)' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // Reached in the app, without a reload: the card shows 100 kg as 220.5 lb (100 / 0.45359237 = 220.46),
  // and no weight in kg.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  const card = page.getByTestId('post-card').filter({ hasText: 'A round hundred' }).getByTestId('workout-summary');
  await expect(card).toContainText('1 set · best 5 × 220.5 lb');
  await expect(card).toContainText(' lb lifted');
  await expect(card).not.toContainText('kg');

  // The Records tab: best 220.5 lb; e1RM 100 × (1 + 5/30) = 116.67 kg = 257.2 lb; one session. The chart
  // plots in lb.
  await nav.getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('tab', { name: 'Records' }).click();
  const benchRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Barbell Bench Press', exact: true }) });
  await expect(benchRow.getByRole('cell')).toHaveText(['220.5 lb', '257.2 lb', '1']);
  const chart = page.getByTestId('progress-chart');
  await expect(chart).toContainText('Best weight (lb)');
  await expect(chart.locator('figcaption')).toContainText('220.5 lb best');

  // The log form takes lb: 225 lb is stored as 102.058 kg...
  await nav.getByRole('link', { name: 'Log workout', exact: true }).click();
  await page.getByRole('combobox', { name: 'Add exercise' }).fill('barbell bench');
  await page.getByRole('option', { name: 'Barbell Bench Press', exact: true }).click();
  await page.getByLabel('Barbell Bench Press set 1 Weight (lb)').fill('225');
  await page.getByLabel('Barbell Bench Press set 1 Reps').fill('5');
  await page.getByRole('button', { name: 'Save workout' }).click();
  await expect(toast(page, 'Workout saved')).toBeVisible();
  // The new record is said in the unit the person chose, before the screen is left.
  await expect(page.getByText('New record: Barbell Bench Press 225 lb')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  const { workouts } = (await api.call(routes.userWorkouts, {
    token: me.token,
    params: { username: me.username },
  })) as WorkoutPage;
  expect(workouts).toHaveLength(2);
  expect(workouts[0]?.exercises[0]?.sets[0]?.weightKg).toBeCloseTo(225 * 0.45359237, 2);

  // ...and shown back as typed: on the profile's Workouts tab (where saving leads), with its record badge,
  // and in the record table (e1RM 102.058 × (1 + 5/30) = 119.07 kg = 262.5 lb).
  await expect(page).toHaveURL(`/profilepage/${me.username}`);
  await page.getByRole('tab', { name: 'Workouts' }).click();
  const latest = page.getByTestId('workout-summary').first();
  await expect(latest).toContainText('1 set · best 5 × 225 lb');
  await expect(latest.getByTestId('record-badge').filter({ hasText: 'Heaviest weight' })).toContainText(
    'Barbell Bench Press: Heaviest weight 225 lb',
  );
  await expect(latest).not.toContainText('kg');
  await page.getByRole('tab', { name: 'Records' }).click();
  await expect(benchRow.getByRole('cell')).toHaveText(['225 lb', '262.5 lb', '2']);
});

test('Log workout at phone width (360 px): nothing wider than the screen, every control reachable', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp('phone');
  await page.goto('/workout/new');
  await page.getByRole('combobox', { name: 'Add exercise' }).fill('running');
  await page.getByRole('option', { name: 'Running', exact: true }).click();
  await page.getByRole('combobox', { name: 'Add exercise' }).fill('barbell bench');
  await page.getByRole('option', { name: 'Barbell Bench Press', exact: true }).click();
  await page.getByLabel('Barbell Bench Press set 1 Weight (kg)').fill('60');
  await page.getByLabel('Barbell Bench Press set 1 Reps').fill('8');
  await page.getByRole('button', { name: 'Add set' }).last().click();
  await expect(page.getByLabel('Barbell Bench Press set 2 Reps')).toHaveValue('8');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const name of ['Save workout', 'Share as post']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, name).toBe(true);
  }
  await page.getByRole('button', { name: 'Save workout' }).click();
  await expect(toast(page, 'Workout saved')).toBeVisible();
});

test.describe('axe, light and dark mode', () => {
  // One screen a test, audited in light and then in dark mode: axe takes seconds a screen on a loaded machine.
  test('Log workout with an exercise', async ({ page, signInAsGuest }) => {
    await signInAsGuest();
    await page.goto('/workout/new');
    await page.getByRole('combobox', { name: 'Add exercise' }).fill('barbell bench');
    await page.getByRole('option', { name: 'Barbell Bench Press', exact: true }).click();
    await expectNoSeriousViolationsLightAndDark(page, 'log workout');
  });

  for (const name of ['Records', 'Workouts'] as const) {
    test(`the profile's ${name} tab`, async ({ page, signInAsGuest }) => {
      const guest = await signInAsGuest();
      await page.goto(`/profilepage/${guest.user.username}`);
      await page.getByRole('tab', { name }).click();
      if (name === 'Records') await expect(page.getByTestId('progress-chart').locator('canvas')).toBeVisible();
      else await expect(page.getByTestId('workout-summary').first()).toBeVisible();
      await expectNoSeriousViolationsLightAndDark(page, `${name} tab`);
    });
  }
});
