/**
 * Stopping the service worker from a test or the benchmark, as the browser does to an
 * idle one: CDP `ServiceWorker.stopAllWorkers`, then waiting for the transition to
 * "stopped". The call can return before the worker is down, and a request sent then would
 * reach the old instance and prove (or measure) nothing. It waits for the transition, not
 * for a "stopped" state: a console in the page refetches when a write is announced, which
 * may start the worker again at once. Shared by the testing kit (src/testing/fixtures.ts) and the benchmark (bench/semantics.ts).
 */

/**
 * The DevTools session of the page (Playwright's `CDPSession`, or the benchmark's bare
 * one in bench/browser.ts): only what this module uses.
 */
export interface CdpSession {
  send(method: 'ServiceWorker.enable' | 'ServiceWorker.stopAllWorkers'): Promise<unknown>;
  on(event: 'ServiceWorker.workerVersionUpdated', handler: (params: { versions: Array<{ versionId: string; runningStatus: string }> }) => void): unknown;
  detach(): Promise<void>;
}

export interface ServiceWorkerControl {
  /** Stops all service workers and waits until CDP reports one stopped. */
  stop(): Promise<void>;
  /** The running status CDP last reported for each service-worker version. */
  statuses(): string[];
  detach(): Promise<void>;
}

export async function serviceWorkerControl(cdp: CdpSession, timeoutMs = 30_000): Promise<ServiceWorkerControl> {
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
    statuses: () => [...status.values()],
    async stop() {
      const before = stops;
      await cdp.send('ServiceWorker.stopAllWorkers');
      const deadline = Date.now() + timeoutMs;
      while (stops === before) {
        if (Date.now() > deadline) throw new Error(`no service worker reported "stopped" within ${timeoutMs} ms of stopAllWorkers`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    detach: () => cdp.detach(),
  };
}
