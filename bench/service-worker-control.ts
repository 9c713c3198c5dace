/**
 * Stopping the service worker from the benchmark, as the browser does to an idle one:
 * CDP `ServiceWorker.stopAllWorkers`, then waiting until CDP reports the transition to
 * "stopped" (the call can return before the worker is down, and a request sent then
 * would reach the old instance and measure nothing). Same approach as e2e/fixtures.ts,
 * without the test runner.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface ServiceWorkerStopper {
  stop(): Promise<void>;
  detach(): Promise<void>;
}

export async function serviceWorkerStopper(page: Page): Promise<ServiceWorkerStopper> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const status = new Map<string, string>();
  let stops = 0;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) {
      if (v.runningStatus === 'stopped' && status.get(v.versionId) !== 'stopped') stops++;
      status.set(v.versionId, v.runningStatus);
    }
  });
  // Required before stopAllWorkers ("ServiceWorker domain not enabled" otherwise).
  await cdp.send('ServiceWorker.enable');
  return {
    async stop() {
      const before = stops;
      await cdp.send('ServiceWorker.stopAllWorkers');
      const deadline = Date.now() + 30_000;
      while (stops === before) {
        if (Date.now() > deadline) throw new Error('the service worker did not report "stopped" within 30 s of stopAllWorkers');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    detach: () => cdp.detach(),
  };
}
