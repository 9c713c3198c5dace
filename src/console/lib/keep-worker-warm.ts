/**
 * Keeps this browser's database warm while a console page is open. Chromium stops a service
 * worker that has had no event for about 30 s (docs/architecture.md, Storage and durability),
 * and the next request pays for a new worker: opening IndexedDB, loading the search index and
 * the triple store again. A presenter who pauses for minutes and then runs a query should get
 * the answer at once, so the page posts the worker a message every 20 s — an event, which
 * restarts the browser's idle count, with no request, nothing stored and nothing to answer.
 * Only while the page is open: close the console and the worker is stopped as usual.
 */
import type { KeepAliveMessage } from '../../wire/tabula';

/** Comfortably inside Chromium's 30 s idle limit, even for a timer a busy page fires late. */
export const KEEP_ALIVE_INTERVAL_MS = 20_000;

const MESSAGE: KeepAliveMessage = { type: 'tabula:keep-alive' };

/** The part of `ServiceWorkerContainer` this module uses (a fake one in tests). */
export type ControllerContainer = Pick<ServiceWorkerContainer, 'controller'>;

/** Starts the messages; the function returned stops them. */
export function keepWorkerWarm(
  container: ControllerContainer | undefined = globalThis.navigator?.serviceWorker,
  intervalMs = KEEP_ALIVE_INTERVAL_MS,
): () => void {
  if (!container) return () => undefined;
  // The worker in control now, whichever it is after an update; none when the page is not controlled.
  const timer = setInterval(() => container.controller?.postMessage(MESSAGE), intervalMs);
  return () => clearInterval(timer);
}
