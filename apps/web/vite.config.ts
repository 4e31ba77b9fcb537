import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development the API runs on :3000 (`npm run dev`); in production the server serves dist/. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // zod and the contract's schemas are only needed by screens that check input: their own chunk
        // keeps them out of whatever shared chunk the login screen happens to import (issue 3 budget).
        codeSplitting: {
          groups: [
            {
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/](?!constants|messages|index)/,
            },
          ],
        },
      },
    },
  },
});
