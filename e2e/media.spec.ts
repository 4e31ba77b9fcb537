import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { uiMessages } from '@spotter/contract';
import sharp from 'sharp';
import { testVideoTools } from '../apps/server/tests/helpers/video-tools';
import { expectNoSeriousViolationsLightAndDark } from './support/axe';
import { expect, test } from './support/fixtures';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const picker = (page: Page) => page.getByLabel('Add a photo or video');

/** A 640×480 gym-red JPEG made on the spot. */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 196, g: 48, b: 43 } } })
    .jpeg()
    .toBuffer();
}

/** A one-second WebM clip (VP8) made by the tests' ffmpeg (the system's, else the npm package's). */
function clip(): Buffer {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'spotter-clip-')), 'clip.webm');
  execFileSync(testVideoTools.ffmpegPath, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15:duration=1',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    file,
  ]);
  return readFileSync(file);
}

/** Holds uploads until the test lets them go, so the progress bar can be seen on a fast machine. */
function holdUploads(page: Page) {
  const held: Route[] = [];
  const ready = page.route('**/api/media', (route) => {
    if (route.request().method() === 'POST') held.push(route);
    else return route.continue();
  });
  return {
    ready,
    release: async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test('a photo is uploaded with a progress bar and alt text, then shown in the feed and on its own page', async ({
  page,
  signUp,
}) => {
  await signUp('photographer');
  await page.goto('/landing');
  const uploads = holdUploads(page);
  await uploads.ready;

  await picker(page).setInputFiles({ name: 'squat.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  const progress = page.getByRole('progressbar', { name: /Uploading/ });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await uploads.release();
  await expect(progress).toBeHidden();

  await page.getByLabel('Describe the photo (alt text)').fill('A loaded barbell on red plates');
  await page.getByPlaceholder("What's happening!").fill('New plates arrived');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, uiMessages.posted)).toBeVisible();

  const card = page.getByTestId('post-card').filter({ hasText: 'New plates arrived' });
  const image = card.getByRole('img', { name: 'A loaded barbell on red plates' });
  await expect(image).toHaveAttribute('src', /^\/media\//);
  // The card knows the photo's size before it loads: no layout shift.
  await expect(image).toHaveAttribute('width', '640');
  await expect(image).toHaveAttribute('height', '480');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

  await card.locator('time').click();
  await expect(page).toHaveURL(/\/postpage\//);
  const single = page.getByRole('img', { name: 'A loaded barbell on red plates' });
  await expect.poll(() => single.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
});

test('the composer shows a video by its first frame before it is played (issue 18, item 15)', async ({
  page,
  signUp,
}) => {
  await signUp('framer');
  await page.goto('/landing');
  await picker(page).setInputFiles({ name: 'sprint.webm', mimeType: 'video/webm', buffer: clip() });
  const preview = page.locator('video.composer__preview');
  await expect(preview).toBeVisible();
  // HAVE_CURRENT_DATA: a decoded frame is on screen, not an empty grey box; nothing was played.
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  expect(await preview.evaluate((v: HTMLVideoElement) => [v.paused, v.videoWidth > 0])).toEqual([true, true]);
});

test('a video is posted and plays inline with controls', async ({ page, signUp }) => {
  await signUp('filmer');
  await page.goto('/landing');
  await picker(page).setInputFiles({ name: 'sprint.webm', mimeType: 'video/webm', buffer: clip() });
  await expect(page.getByRole('button', { name: 'Remove video' })).toBeVisible();
  await page.getByPlaceholder("What's happening!").fill('Sled push finisher');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, uiMessages.posted)).toBeVisible();

  const video = page.getByTestId('post-card').filter({ hasText: 'Sled push finisher' }).locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toHaveAttribute('src', /^\/media\//);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
});

test('an upload can be cancelled, and the post then goes without media', async ({ page, signUp }) => {
  await signUp('canceller');
  await page.goto('/landing');
  const uploads = holdUploads(page);
  await uploads.ready;
  await picker(page).setInputFiles({ name: 'squat.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByRole('progressbar')).toBeHidden();
  await expect(page.getByRole('img', { name: 'Preview of the attached photo' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, uiMessages.addContent)).toBeVisible();
});

test('several photos are uploaded at once, put in order and described, then shown as a grid and swiped through (issue 47)', async ({
  page,
  signUp,
}) => {
  await signUp('gridder');
  await page.goto('/landing');
  const shot = (r: number, g: number, b: number) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer();
  await picker(page).setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await shot(196, 48, 43) },
    { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await shot(43, 96, 196) },
    { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await shot(48, 160, 80) },
  ]);
  await expect(page.getByRole('button', { name: 'Photo 3 of 3' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Uploading/ })).toHaveCount(0);
  for (const [n, alt] of ['Front', 'Side', 'Back'].entries()) {
    await page.getByLabel(`Describe photo ${n + 1} (alt text)`).fill(alt);
  }
  // The last photo goes first, by the keyboard on its handle.
  await page.getByRole('button', { name: 'Photo 3 of 3' }).press('Home');
  await expect(page.getByRole('button', { name: 'Photo 1 of 3' })).toBeFocused();
  await expectNoSeriousViolationsLightAndDark(page, 'composer with three photos');
  await page.getByPlaceholder("What's happening!").fill('Three angles of one deadlift');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, uiMessages.posted)).toBeVisible();

  const card = page.getByTestId('post-card').filter({ hasText: 'Three angles of one deadlift' });
  const grid = card.getByRole('list', { name: '3 photos' });
  const images = grid.getByRole('img');
  await expect(images).toHaveCount(3);
  expect(await images.evaluateAll((list) => list.map((img) => img.getAttribute('alt')))).toEqual([
    'Back',
    'Front',
    'Side',
  ]);
  // Every photo came from the server and fills its cell: the first one tall, the others stacked.
  await expect
    .poll(() => images.evaluateAll((list) => list.map((img) => (img as HTMLImageElement).naturalWidth)))
    .toEqual([640, 640, 640]);
  const boxes = await images.evaluateAll((list) => list.map((img) => img.getBoundingClientRect().toJSON()));
  const gridBox = await grid.boundingBox();
  expect(Math.abs(boxes[0].height - (gridBox?.height ?? 0))).toBeLessThan(2);
  expect(boxes[1].height).toBeLessThan(boxes[0].height * 0.6);
  expect(boxes[2].top).toBeGreaterThan(boxes[1].top);

  await card.locator('time').click();
  await expect(page).toHaveURL(/\/postpage\//);
  await page.getByRole('button', { name: /^Front/ }).click();
  const viewer = page.getByRole('dialog', { name: 'Photos, full size' });
  await expect(viewer.getByText('Photo 2 of 3')).toBeVisible();
  // A swipe to the left with a real pointer turns to the next photo.
  const photoBox = await viewer.getByRole('img').boundingBox();
  if (!photoBox) throw new Error('the viewer shows no photo');
  const y = photoBox.y + photoBox.height / 2;
  await page.mouse.move(photoBox.x + photoBox.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(photoBox.x + photoBox.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(viewer.getByRole('img', { name: 'Side' })).toBeVisible();
  await expect(viewer.getByText('Photo 3 of 3')).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'viewer of several photos');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});
