import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settled } from './settled';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** The rules whose answer can change with the colour scheme: the rest read the DOM and ARIA alone. */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core on the page as it stands, once loaded: no serious or critical violation of the WCAG 2.2 A
 * and AA rules axe can check automatically (and its best practices), or of `only` these rules.
 */
export async function expectNoSeriousViolations(page: Page, screen: string, only?: string[]) {
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
  // Legacy mode runs axe in the page itself. The default mode opens a second page to merge the
  // results of every frame, which our pages do not have (no iframes), and took about a third longer.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (only ? builder.withRules(only) : builder.withTags(wcagTags)).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * The same in light and then in dark mode, the page switched in place (the app follows the system's
 * scheme through media queries): one page load and one walk to the screen for both audits. Dark mode
 * changes colours only (styles/tokens.css's dark block sets colour variables, the request tester's
 * tree swaps a colour theme), so in dark the colour rules run again, not the whole set.
 */
export async function expectNoSeriousViolationsLightAndDark(page: Page, screen: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousViolations(page, `${screen} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, `${screen} (dark)`, colourRules);
  await page.emulateMedia({ colorScheme: 'light' });
}
