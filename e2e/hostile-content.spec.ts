import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Script-bearing strings in every text field a person controls (names, bio, website, post content,
 * image address and alt text) are shown as text and never run. Each payload would set
 * window.__pwned or open a dialog if it ever executed; the journey looks at every screen that shows
 * them and proves neither happened.
 */
// Names are at most 50 characters, so the payloads are short.
const payloads = {
  img: '<img src=x onerror="__pwned=1;alert(1)">',
  script: '<script>__pwned=2;alert(2)</script>',
  svg: '<svg onload="__pwned=3;alert(3)"></svg>',
  jsUrl: 'javascript:__pwned=4;alert(4)',
  attr: '"><iframe srcdoc="<script>parent.__pwned=5</script>">',
};

interface Hostile {
  username: string;
  token: string;
  user: { username: string };
  postId: string;
}

async function createHostileAccount(request: APIRequestContext): Promise<Hostile> {
  const username = `hostile${Date.now().toString(36)}`;
  const signup = await request.post('/api/auth/signup', {
    data: { firstname: payloads.img, lastname: payloads.script, username, password: 'hostile-pass-123' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { encodedToken: token, createdUser: user } = await signup.json();
  const headers = { authorization: token };

  // A javascript: website is refused outright; an http(s) one carrying markup is stored as given.
  const badSite = await request.post('/api/users/edit', { headers, data: { userData: { website: payloads.jsUrl } } });
  expect(badSite.status()).toBe(400);
  const edit = await request.post('/api/users/edit', {
    headers,
    data: {
      userData: {
        bio: `${payloads.svg} ${payloads.attr} ${payloads.jsUrl}`,
        website: 'https://example.com/"><img src=x onerror=alert(4)>',
      },
    },
  });
  expect(edit.status()).toBe(201);

  const badImage = await request.post('/api/posts', {
    headers,
    data: { postData: { content: 'x', image: payloads.jsUrl } },
  });
  expect(badImage.status()).toBe(400);
  const post = await request.post('/api/posts', {
    headers: { ...headers, prefer: 'return=minimal' },
    data: {
      postData: {
        content: `${payloads.img}\n${payloads.script}\n[tap me](${payloads.jsUrl})\n${payloads.attr}`,
        image: 'https://example.invalid/lift.png" onerror="alert(5)',
        alt: payloads.attr,
      },
    },
  });
  expect(post.status()).toBe(201);
  const { post: created } = await post.json();
  return { username, token, user, postId: created._id };
}

/** Fails the test if a payload ever ran: a dialog opened or the flag was set. */
async function watchForExecution(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Nothing outside the origin is fetched (the invalid image host would only slow the run).
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  return async () => {
    const flags = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
      injectedImages: document.querySelectorAll('img[src="x"], iframe[srcdoc], svg[onload], script:not([src])').length,
    }));
    expect(dialogs).toEqual([]);
    expect(flags).toEqual({ pwned: null, injectedImages: 0 });
  };
}

test('hostile names, bio and website are shown as text on the profile, in search and in the nav', async ({
  page,
  signIn,
}) => {
  const hostile = await createHostileAccount(page.request);
  const check = await watchForExecution(page);

  // As the hostile person: their own name sits in the left navigation.
  await signIn({ token: hostile.token, user: hostile.user });
  await page.goto(`/profilepage/${hostile.username}`);
  const header = page.locator('.profile-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(`${payloads.img} ${payloads.script}`);
  await expect(header).toContainText(payloads.svg);
  await expect(header).toContainText(payloads.jsUrl);
  await expect(page.locator('.side-nav__me')).toContainText(payloads.img);
  // The website is a real http(s) link whose markup stayed inside the URL.
  const site = header.locator('.profile-header__website a');
  await expect(site).toHaveAttribute('href', /^https:\/\/example\.com\//);
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  // No link anywhere on the page points at a script.
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);

  // Edit Profile shows the stored values in fields, not as markup.
  await header.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(`${payloads.img} ${payloads.script}`);
  await expect(dialog.getByLabel('Bio')).toHaveValue(new RegExp(payloads.svg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await page.keyboard.press('Escape');

  // Someone else finds them through the search box.
  await page.goto('/');
  await page.getByRole('button', { name: 'Login as Guest' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  const search = page.getByRole('region', { name: 'Search users' });
  await search.getByPlaceholder('Search users...').fill(hostile.username);
  await expect(search.getByRole('link', { name: new RegExp(`@${hostile.username}`) })).toContainText(payloads.img);
  await search.getByRole('link', { name: new RegExp(`@${hostile.username}`) }).click();
  await expect(page.locator('.profile-header h1')).toHaveText(`${payloads.img} ${payloads.script}`);
  await check();
});

test('hostile post content, image address and alt text are shown as text on cards', async ({ page }) => {
  const hostile = await createHostileAccount(page.request);
  const check = await watchForExecution(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Login as Guest' }).click();
  await expect(page).toHaveURL(/\/landing$/);

  for (const url of [`/postpage/${hostile.postId}`, '/explore', `/profilepage/${hostile.username}`]) {
    await page.goto(url);
    const card = page.locator('[data-testid="post-card"]').filter({ hasText: payloads.script }).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText(payloads.img);
    await expect(card).toContainText(payloads.attr);
    const links = await card.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(links.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    await check();
  }
});
