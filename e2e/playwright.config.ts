import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './support/env';

/**
 * Browser tests against the production build, served by the real server on
 * its own SQLite database in e2e/test-data (emptied at each run), driving the
 * machine's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous: two cores run the server, Chromium and the test worker side by side, and the
  // checkout's walk through six screens, each checked with axe, takes about a minute there.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    // Toasts then appear without animation, so the accessibility scan sees their final colours.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node ../server/dist/main.js`,
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // Every browser of the run shares one address: its checkout bounds are raised like the auth limit.
      CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS: '100000',
      CHECKOUT_MAX_UNITS_PER_ADDRESS: '100000',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  },
});
