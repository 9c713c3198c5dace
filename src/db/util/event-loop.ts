/**
 * Lets other requests run between chunks of long work: a service worker cannot start a
 * Worker, so heavy work shares the one thread (docs/architecture.md, Platform facts).
 */
export const yieldToEventLoop = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
