/**
 * The Playwright fixtures of the testing kit (`import { test, expect } from 'tabula/testing'`;
 * docs/testing-kit.md).
 *
 * - `page` has opened the console (or the `tabulaStart` path) and is controlled by the
 *   service worker: only then are its requests intercepted (docs/architecture.md, Platform facts).
 * - `tabula` drives the database in that page over HTTP, through the worker: load a scene or
 *   a sample, reset, call the API, stop the worker, go offline, wait until the database is
 *   idle, arm faults.
 *
 * Every test gets a fresh browser context, hence a fresh, empty IndexedDB and a new worker.
 */
import { test as base, expect } from '@playwright/test';
import type { FaultPlan, FaultsState, TabulaStatus } from '../wire/tabula';
import { openControlledPage } from './page-fetch';
import { tabulaIn, type Scene, type Tabula } from './tabula';
import { launchUnwatched, type UnwatchedBrowser } from './unwatched';

export interface TabulaOptions {
  /**
   * The path `page` is on when the test starts: the console (`/`) unless a test asks for
   * another page of the origin (opened after the console, which registers the worker).
   */
  tabulaStart: string;
}

export const test = base.extend<TabulaOptions & { tabula: Tabula; unwatched: UnwatchedBrowser }>({
  tabulaStart: ['/', { option: true }],
  page: async ({ page, tabulaStart }, use) => {
    // The console registers the worker: a fresh context opens it first, whatever page comes next.
    await openControlledPage(page);
    if (tabulaStart !== '/') await openControlledPage(page, tabulaStart);
    await use(page);
  },
  tabula: async ({ page }, use) => {
    const tabula = tabulaIn(page);
    await use(tabula);
    await tabula.dispose();
  },
  /** A browser of its own that Playwright lets go of on request, so its service worker can be stopped for being idle (unwatched.ts). */
  unwatched: async ({ launchOptions, baseURL }, use) => {
    const browser = await launchUnwatched(launchOptions, baseURL ?? 'http://127.0.0.1');
    await use(browser);
    await browser.close();
  },
});

export { expect };
export type { FaultPlan, FaultsState, TabulaStatus, Scene, Tabula };
