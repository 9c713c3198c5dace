/**
 * A browser Playwright watches only when asked. Playwright attaches DevTools to every service
 * worker, and Chromium never stops an inspected worker for being idle, so in a normal test a
 * worker lives for ever. What happens to a user's browser when nobody clicks for a while —
 * the worker stopped after ~30 s, the next request paying for a cold start — can only be seen
 * with nobody attached. Here the kit launches Chromium itself with a DevTools port, connects
 * Playwright to drive it, and lets it go for a while in between ({@link UnwatchedBrowser.leaveAlone}).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions, type Page } from '@playwright/test';
import { openControlledPage } from './page-fetch';
import { tabulaIn, type Tabula } from './tabula';

export interface Watched {
  /** The page Playwright drives: the first of the browser's default context. */
  page: Page;
  tabula: Tabula;
}

export interface UnwatchedBrowser {
  /** Opens `path` (the console by default) in the page and waits for the worker's control. */
  open(path?: string): Promise<Watched>;
  /**
   * Disconnects Playwright — no DevTools is attached to anything then —, waits `ms` as a person
   * who does nothing would, and connects again: the page is the same one, driven afresh.
   */
  leaveAlone(ms: number): Promise<Watched>;
  close(): Promise<void>;
}

async function devToolsPort(profile: string, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      // Chromium writes the port it chose for --remote-debugging-port=0 here.
      return Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
    } catch {
      if (Date.now() > deadline) throw new Error(`Chromium wrote no DevToolsActivePort within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Signals Chromium's whole process group (it was spawned detached; on Windows, which has none, the process); a group already gone is no error. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  if (process.platform === 'win32') {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

/** Launches Chromium as the test's `launchOptions` say, with a profile of its own, against `baseURL`. */
export async function launchUnwatched(launchOptions: LaunchOptions, baseURL: string): Promise<UnwatchedBrowser> {
  const executable = launchOptions.executablePath;
  if (!executable) throw new Error('launchUnwatched needs launchOptions.executablePath (playwright.config.ts sets it)');
  const profile = mkdtempSync(join(tmpdir(), 'tabula-unwatched-'));
  // 1280×720, Playwright's default viewport: headless Chromium's own window is 800×600, where a
  // page laid out for a narrow screen (the console's navigation menu) differs from the watched one's.
  const child = spawn(executable, [...(launchOptions.args ?? []), '--headless', '--window-size=1280,720', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    // Its own process group: close() ends Chromium's helper processes with it, which would
    // otherwise go on writing into the profile as it is removed.
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${await devToolsPort(profile)}`;
  let browser: Browser | undefined;

  const connect = async (): Promise<Watched> => {
    browser = await chromium.connectOverCDP(endpoint);
    const context = browser.contexts()[0];
    const page = context.pages()[0] ?? (await context.newPage());
    return { page, tabula: tabulaIn(page) };
  };

  return {
    async open(path = '/') {
      const watched = browser ? { page: browser.contexts()[0].pages()[0], tabula: undefined } : await connect();
      await openControlledPage(watched.page, new URL(path, baseURL).href);
      return { page: watched.page, tabula: tabulaIn(watched.page) };
    },
    async leaveAlone(ms) {
      // close() on a connected browser only disconnects; Chromium and its pages run on.
      await browser?.close();
      browser = undefined;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return connect();
    },
    async close() {
      await browser?.close().catch(() => undefined);
      signalGroup(child, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      signalGroup(child, 'SIGKILL'); // whatever is left of the group
      // A helper may still be closing its files just after the group is signalled: retry, as rm -rf would.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
