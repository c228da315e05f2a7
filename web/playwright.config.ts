import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against a real `irgas serve` (../bin/irgas, built by `make build`), started by
 * e2e/global-setup.ts on a temporary SQLite database and a free port. Debian's chromium is used
 * as it is: no browser download.
 */
export default defineConfig({
  testDir: './e2e',
  // The screenshots of docs/console.md are taken on their own (npm run screenshots).
  testIgnore: ['screenshots/**'],
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The console honours the system's reduced-motion setting: dialogs open at once instead of zooming
    // from the clicked button, so a click lands where the button finally is (a click during the 0.3 s
    // zoom was lost when the button moved between mouse-down and mouse-up).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.IRGAS_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
