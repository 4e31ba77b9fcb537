import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Account, SpotterApi } from './fixtures';
import { expect } from './fixtures';

/** A post by `me` with an 800 x 600 photo, uploaded and made through the API as a client would. */
export async function postWithPhoto(page: Page, api: SpotterApi, me: Account, content: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post('/api/media', {
    headers: { authorization: me.token },
    multipart: { file: { name: 'bench.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(upload.status()).toBe(201);
  const { media } = await upload.json();
  return api.createPost(me.token, { content, image: media.url, mediaType: 'image' });
}
