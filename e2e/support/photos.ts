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

/** Four simple pictures (a plate, a bar, a kettlebell, a track: flat shapes, so PNGs of them stay small). */
const fourPictures = [
  { background: '#1e5aa0', shape: '<circle cx="400" cy="300" r="180" fill="#f2c14e"/>', alt: 'A yellow plate on blue' },
  {
    background: '#2d6a4f',
    shape: '<rect x="80" y="270" width="640" height="60" rx="30" fill="#f1faee"/>',
    alt: 'A bar on green',
  },
  {
    background: '#9d0208',
    shape:
      '<circle cx="400" cy="340" r="150" fill="#212529"/><rect x="320" y="120" width="160" height="90" rx="45" fill="none" stroke="#212529" stroke-width="36"/>',
    alt: 'A kettlebell on red',
  },
  {
    background: '#f4a261',
    shape:
      '<rect x="0" y="380" width="800" height="120" fill="#6c584c"/><rect x="0" y="430" width="800" height="8" fill="#fefae0"/>',
    alt: 'A running track at sunset',
  },
];

/**
 * A post by `me` with four photos (issue 47, item 11), uploaded and made through the API as a client
 * would: generated 800 x 600 JPEGs with alt text.
 */
export async function postWithFourPhotos(page: Page, me: Pick<Account, 'token'>, content: string) {
  const photos: { url: string; alt: string }[] = [];
  for (const picture of fourPictures) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${picture.background}"/>${picture.shape}</svg>`;
    const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    const upload = await page.request.post('/api/media', {
      headers: { authorization: me.token },
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } },
    });
    expect(upload.status()).toBe(201);
    photos.push({ url: (await upload.json()).media.url, alt: picture.alt });
  }
  const made = await page.request.post('/api/posts', {
    headers: { authorization: me.token },
    data: { postData: { content, photos } },
  });
  expect(made.status(), await made.text()).toBe(201);
}
