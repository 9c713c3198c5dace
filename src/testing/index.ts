/**
 * Tabula's testing kit, `tabula/testing`: Playwright fixtures for specs that drive the console
 * and the database through the real service worker (docs/testing-kit.md).
 *
 * @example
 * import { test, expect } from 'tabula/testing';
 * test('a search finds what a scene holds', async ({ page, tabula }) => {
 *   await tabula.load('scenes/shop.zip');
 *   expect((await tabula.fetch('/v1/search?q=shirt&format=json')).json().total).toBeGreaterThan(0);
 * });
 */
export { test, expect, type TabulaOptions, type FaultPlan, type FaultsState, type TabulaStatus } from './fixtures';
export { tabulaIn, type Scene, type Tabula } from './tabula';
export { apiFetchIn, openControlledPage, type ApiFetch, type ApiInit, type ApiResponse } from './page-fetch';
export { serviceWorkerControl, type ServiceWorkerControl, type CdpSession } from './service-worker-control';
export { launchUnwatched, type UnwatchedBrowser, type Watched } from './unwatched';
