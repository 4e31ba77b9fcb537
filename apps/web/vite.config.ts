import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './web-app-manifest';

/**
 * Writes a .br and a .gz beside every script and stylesheet of the build, compressed once at the
 * highest levels, for the server to send to browsers that accept them (@fastify/static's
 * preCompressed): no compression work per request, and about a quarter of the bytes on the wire.
 */
function precompressAssets(): Plugin {
  return {
    name: 'spotter:precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** In development the API runs on :3000 (`npm run dev`); in production the server serves dist/. */
export default defineConfig({
  plugins: [
    react(),
    // The installed app (issue 48, decision 081): the manifest, and src/sw.ts compiled with the build's
    // file list injected, so every screen's chunk is precached. Registered by the app itself after the
    // first screen is drawn (features/offline/register-service-worker.ts), never by an injected script.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webAppManifest,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The production build's largest chunk (the chart) is well under this; a bigger one is a bug.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompressAssets(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
});
