import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest (issue 48): what a phone installs. A self-hosted network has no app store
 * listing, so this is its phone app. The colours are the design tokens' (styles/tokens.css): the
 * light background, and the accent as the title bar's.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/landing',
  name: 'Spotter',
  short_name: 'Spotter',
  description: 'Share your lifts, runs and meals with the people you train with, and log your training.',
  start_url: '/landing',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#f6f5f2',
  theme_color: '#c4302b',
  lang: 'en',
  categories: ['health', 'fitness', 'social'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Log workout',
      url: '/workout/new',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'New Post',
      url: '/landing?compose=post',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
