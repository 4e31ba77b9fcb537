import { expect, test } from './support/fixtures';

// Four times the most cards the list may hold at once, and twenty pages of the feed (10 a page).
const total = 200;
/** A screen of cards plus the overscan above and below: far below 200. */
const maxCardsInDom = 50;

/** Resolves once the clock (the server's too: same machine) has moved on to another millisecond. */
async function nextMillisecond() {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setTimeout(resolve, 1));
}

test('a feed of 200 posts scrolls to its end with at most ~50 cards in the DOM at any time', async ({
  page,
  api,
  signUp,
}) => {
  test.setTimeout(180_000);
  const me = await signUp('scroller');
  const contents = Array.from({ length: total }, (_, i) => `Set number ${i + 1}`);
  // The first and the last post are made alone, each in a millisecond of its own: the posts between
  // are made ten at a time (in no set order), and posts of one millisecond are ordered by their id.
  await api.createPosts(me.token, contents.slice(0, 1));
  await nextMillisecond();
  await api.createPosts(me.token, contents.slice(1, -1));
  await nextMillisecond();
  await api.createPosts(me.token, contents.slice(-1));

  await page.goto('/landing');
  await expect(page.getByTestId('post-card').first()).toContainText(`Set number ${total}`);

  // Count the cards after every change of the list, not only where the test happens to look.
  await page.evaluate(() => {
    const w = window as unknown as { maxCards: number };
    w.maxCards = 0;
    new MutationObserver(() => {
      w.maxCards = Math.max(w.maxCards, document.querySelectorAll('[data-testid="post-card"]').length);
    }).observe(document.body, { childList: true, subtree: true });
  });

  const seen = new Set<string>();
  const end = page.getByText("You're all caught up");
  const atEnd = async () =>
    (await end.isVisible()) && (await end.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight));
  for (let step = 0; step < 1000 && !(await atEnd()); step++) {
    await page.mouse.wheel(0, 600);
    // Wait for the list to settle on this scroll position before counting.
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
    const cards = page.getByTestId('post-card');
    const count = await cards.count();
    expect(count).toBeLessThanOrEqual(maxCardsInDom);
    for (const text of await cards.locator('.post-card__content').allTextContents()) seen.add(text);
  }

  await expect(end).toBeVisible();
  await expect(page.getByTestId('post-card').last()).toContainText('Set number 1');
  const maxCards = await page.evaluate(() => (window as unknown as { maxCards: number }).maxCards);
  test.info().annotations.push({ type: 'most cards in the DOM at once', description: String(maxCards) });
  expect(maxCards).toBeLessThanOrEqual(maxCardsInDom);
  // Every post was shown on the way down: nothing lost between pages, nothing repeated.
  const missing = contents.filter((c) => !seen.has(c));
  expect(missing).toEqual([]);
  expect(seen.size).toBe(total);
});
