import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settled } from './settled';

/**
 * axe-core on the page as it stands, once loaded: no serious or critical violation of the WCAG 2.2 A
 * and AA rules axe can check automatically (and its best practices).
 */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  await settled(page);
  await expect(page.locator('.spinner')).toHaveCount(0);
  // A toast fading in is half transparent, and axe measures the contrast of what is on screen: wait for
  // the short animations (entrances, up to 2 s) to end. Spinners (endless) and a toast's auto-close
  // progress bar (as long as the toast stays) are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const end = Number(animation.effect?.getComputedTiming().endTime ?? 0);
      return animation.playState !== 'running' || !Number.isFinite(end) || end > 2000;
    }),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * The same in light and then in dark mode, the page switched in place (the app follows the system's
 * scheme through media queries): one page load and one walk to the screen for both audits.
 */
export async function expectNoSeriousViolationsLightAndDark(page: Page, screen: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `${screen} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
