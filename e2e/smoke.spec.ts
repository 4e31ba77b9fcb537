import { expect, test } from './support/fixtures';

test('a protected route sends an anonymous visitor to the login screen', async ({ page }) => {
  await page.goto('/explore');
  await expect(page).toHaveURL(/\/$/);
});
