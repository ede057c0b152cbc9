/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In `npm run dev` the API runs separately; proxy its paths so cookies stay same-origin.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/healthz': apiOrigin,
    },
  },
  build: {
    // Source maps only when asked (`SOURCEMAP=1 npm run build`, to read a production stack
    // trace locally): the API never serves `.map` files, so they would only waste space.
    sourcemap: process.env.SOURCEMAP === '1',
    // Lists every chunk and its imports; scripts/bundle-size.mjs reads it to measure each route.
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // eslint.config.test.ts proves the import-boundary rule of eslint.config.js can fail.
    include: ['src/**/*.test.{ts,tsx}', 'eslint.config.test.ts'],
    restoreMocks: true,
    // Whole-route page tests render the app's lazy chunks; on a loaded 2-core CI machine they
    // took over the 5 s default while taking about 1 s alone.
    testTimeout: 20_000,
  },
});
