import { defineConfig } from '@playwright/test';

import base from './playwright.config';

// The screenshots of docs/console.md: the same server setup as the browser tests, with the demo seeded and
// simulated (IRGAS_DEMO reaches `irgas serve` through the environment).
process.env.IRGAS_DEMO = 'true';

export default defineConfig({
  ...base,
  testDir: './e2e/screenshots',
  testIgnore: [],
  timeout: 120_000,
  outputDir: 'test-results/screenshots',
});
