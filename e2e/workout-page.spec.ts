import { routes, type Workout, type WorkoutPage } from '@spotter/contract';
import { expectNoSeriousViolationsLightAndDark } from './support/axe';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';

/**
 * A past workout (issue 46): its card on the profile opens its page, where its owner edits it and
 * deletes it (asked first). The server's answers are the proof: what the page shows is what is stored.
 */

test('edit and delete a past workout from its page', async ({ page, api, signUp }) => {
  const me = await signUp('pastlifter');
  await api.call(routes.createWorkout, {
    token: me.token,
    body: {
      workout: {
        title: 'Monday push',
        startedAt: '2026-11-30T07:00:00.000Z',
        notes: 'Felt strong',
        exercises: [{ exerciseId: 'barbell-bench-press', sets: [{ weightKg: 80, reps: 5 }] }],
      },
    },
  });
  const stored = async () =>
    ((await api.call(routes.userWorkouts, { token: me.token, params: { username: me.username } })) as WorkoutPage)
      .workouts;

  await page.goto(`/profilepage/${me.username}`);
  await page.getByRole('tab', { name: 'Workouts' }).click();
  await page.getByRole('link', { name: 'Monday push' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monday push' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Barbell Bench Press' })).toContainText('Set 1 · 5 × 80 kg');
  await expectNoSeriousViolationsLightAndDark(page, 'a past workout, its owner');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expectNoSeriousViolationsLightAndDark(page, 'a past workout, edited');
  await page.getByLabel('Title').fill('Heavy Monday push');
  await page.getByLabel('Barbell Bench Press set 1 Weight (kg)').fill('85');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Workout updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Heavy Monday push' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Barbell Bench Press' })).toContainText('Set 1 · 5 × 85 kg');
  const [edited] = await stored();
  expect(edited).toMatchObject({ title: 'Heavy Monday push', notes: 'Felt strong' } satisfies Partial<Workout>);
  expect(edited?.exercises[0]?.sets[0]).toMatchObject({ weightKg: 85, reps: 5 });

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this workout?' });
  await dialog.getByRole('button', { name: 'Delete workout' }).click();
  await expect(toast(page, 'Workout deleted')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profilepage/${me.username}$`));
  expect(await stored()).toEqual([]);

  // Its page is gone with it.
  await page.goto(`/workouts/${edited?._id}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
