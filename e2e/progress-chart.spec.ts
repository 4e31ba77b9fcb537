import { routes } from '@spotter/contract';
import { expect, test } from './support/fixtures';

// Issue 46: with one workout the chart ran Mar 2027 -> Jun 2029 and the page scrolled sideways on a
// 390 px phone (418 px wide).
for (const width of [320, 390, 1280]) {
  test(`the progress chart of one run fits a ${width} px screen, its records in their own terms`, async ({
    page,
    api,
    signUp,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const me = await signUp(`chart${width}`);
    await api.call(routes.createWorkout, {
      token: me.token,
      body: {
        workout: {
          title: 'Park run',
          startedAt: new Date(Date.now() - 86_400_000).toISOString(),
          exercises: [
            { exerciseId: 'running', sets: [{ distanceM: 5000, durationSec: 1650 }] },
            { exerciseId: 'plank', sets: [{ durationSec: 90 }] },
          ],
        },
      },
    });
    await page.goto(`/profilepage/${me.username}`);
    await page.getByRole('tab', { name: 'Records' }).click();
    const best = (name: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .getByRole('cell')
        .first();
    await expect(best('Running')).toHaveText('5 km in 27:30');
    await expect(best('Plank')).toHaveText('1:30');

    await page.getByLabel('Progress of').selectOption({ label: 'Running' });
    const chart = page.getByTestId('progress-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart).toContainText('Pace (min/km)');
    await expect(chart.locator('figcaption')).toContainText('5 km, 5:30 /km');
    const sizes = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    const canvas = await chart.locator('canvas').boundingBox();
    const figure = await chart.boundingBox();
    expect(canvas && figure && canvas.x >= figure.x && canvas.x + canvas.width <= figure.x + figure.width + 1).toBe(
      true,
    );

    // A range with the run in it still draws it; the picker offers the four ranges.
    await chart.getByRole('radio', { name: '4 weeks' }).check();
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart.getByRole('radio')).toHaveCount(4);
  });
}
