// End-to-end tests: headless Debian Chromium against the built app (dist/) served by
// scripts/preview.mjs. `npm run test:e2e` builds first; this config never builds.
// `npx playwright install` cannot work here, so the browser is the system one, with the
// flags docs/architecture.md (Platform facts) explains.
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium';

// Not 4173: a running `npm start` must not collide with (or be reused by) the tests.
const port = Number(process.env.E2E_PORT ?? 4174);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two cores: one worker runs the tests, the other core runs Chromium's processes.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Screenshot comparisons (e2e/console-layout.spec.ts; decision 0037): still pictures, at CSS
    // pixels, a 1 % tolerance for anti-aliasing.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixelRatio: 0.01 },
  },
  // One set of pictures, named without the OS or project: CI is the same Linux and Chromium.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    serviceWorkers: 'allow',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: 'node scripts/preview.mjs',
    env: { PORT: String(port) },
    url: `${baseURL}/index.html`,
    // The server only serves dist/ from disk, so one left running (say, by a parallel
    // run of another spec) serves the same build and can be shared.
    reuseExistingServer: true,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
