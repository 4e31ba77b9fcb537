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

/**
 * "Import from Strong or Hevy" on one's Workouts tab (issue 46): the file picked in the browser, the
 * preview naming the catalogue exercise each Strong name lands on, the import, and its workouts listed.
 */
test('import a Strong file through the button and see the matched exercises', async ({ page, api, signUp }) => {
  const me = await signUp('stronglifter');
  const strong = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
    '2026-10-05 07:30:00,"Pull Day",1h,"Deadlift (Barbell)",1,150.0,3,0,0,"","",8',
    '2026-10-05 07:30:00,"Pull Day",1h,"Pull Up",1,0,8,0,0,"","",',
    '2026-10-05 07:30:00,"Pull Day",1h,"Cable Lateral Swing",1,10.0,15,0,0,"","",',
  ].join('\n');

  await page.goto(`/profilepage/${me.username}`);
  await page.getByRole('tab', { name: 'Workouts' }).click();
  await page.getByRole('button', { name: 'Import from Strong or Hevy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from Strong or Hevy' });
  await dialog
    .getByLabel('CSV file from Strong or Hevy')
    .setInputFiles({ name: 'strong.csv', mimeType: 'text/csv', buffer: Buffer.from(strong) });
  const matched = dialog.getByRole('list', { name: 'Exercises matched' });
  await expect(matched.getByRole('listitem')).toHaveText([
    'Deadlift (Barbell) → Conventional Deadlift',
    'Pull Up → Pull-Up',
  ]);
  await expect(dialog.getByRole('list', { name: 'New exercises' }).getByRole('listitem')).toHaveText([
    'Cable Lateral Swing',
  ]);
  await expect(dialog).toContainText('1 workout with 3 sets');
  await expectNoSeriousViolationsLightAndDark(page, 'the import preview');

  await dialog.getByRole('button', { name: 'Import 1 workout' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 1 workout. 1 new exercise made.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('link', { name: 'Pull Day' })).toBeVisible();
  const [imported] = (
    (await api.call(routes.userWorkouts, { token: me.token, params: { username: me.username } })) as WorkoutPage
  ).workouts;
  expect(imported?.exercises.map((e) => e.exerciseId).slice(0, 2)).toEqual(['conventional-deadlift', 'pull-up']);
});
