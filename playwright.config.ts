/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the
 * production build (`npm run build`), started on a fresh temporary data
 * directory with a bootstrap admin. `npm run test:e2e` builds first.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { disabledFeaturesSwitch } from './e2e/browser-ui-off.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, E2E_ADMIN, E2E_PORT, STATIC_HOST } from './e2e/constants.ts';

// Computed once in the runner; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portfolio-e2e-'));
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  testDir: 'e2e',
  // Leaves out the browser UI headless Chromium draws for every window (e2e/browser-ui-off.ts).
  globalSetup: './e2e/browser-ui-off.ts',
  // Traces of failed tests; kept apart from the JSON reports CI collects in test-results/.
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  // On CI a failed test runs once more: two browsers, two servers and Vitest's leftovers share two
  // cores there, and one timing slip should not sink a whole run. A test that needs its retry is
  // still named, as flaky, in .ci/run's last lines; at home a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: a 2-core CI machine runs two browsers and the server at once, and on a slow day an
  // answer behind a toast took over 10 s (2026-11-24: Vitest's PGlite run alone took 9 minutes).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: reportDir ? [['list'], ['json', { outputFile: join(reportDir, 'e2e.json') }]] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // Traces of failures, at home only: recording one for every test (screencast frames included)
    // took a third of the suite's time on two cores, and CI prints its log, never the traces.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_FLAGS,
        ...disabledFeaturesSwitch(),
        // Nothing leaves the machine, not even a name's lookup: the static copy's host name
        // (e2e/static.spec.ts) is answered by 127.0.0.1, and every other outside name is not found.
        `--host-resolver-rules=MAP ${STATIC_HOST} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1`,
      ],
    },
  },
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `http://localhost:${E2E_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(E2E_PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        PUBLIC_URL: `http://localhost:${E2E_PORT}`,
        // Each test sends its own X-Forwarded-For (fixtures.ts), so per-IP rate limits apply per test.
        TRUST_PROXY: '1',
        // The fediverse tests follow the blog from a server on 127.0.0.1 (test-only setting).
        OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1',
      },
    },
  ],
});
