// vitest for the end-to-end tests only (`npm run test:e2e`): test/e2e/**/*.e2e.ts drive headless
// Chromium (playwright-core, /usr/bin/chromium) against the real server; the global setup builds the
// pages first. Kept apart from vitest.config.ts so `npm test` never needs a browser.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/buildPages.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
