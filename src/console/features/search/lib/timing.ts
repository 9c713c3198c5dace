/**
 * The time a search took: the server's own `total-time` metric when the options return
 * metrics (an xs:dayTimeDuration such as `PT0.006021S`), and the round trip the page
 * measured around the request, which a remote server's metrics cannot include.
 */

const DURATION = /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Milliseconds of an xs:dayTimeDuration, or undefined when it is not one. */
export function durationMs(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const m = DURATION.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) return undefined;
  const [, sign, d, h, min, s] = m;
  const ms = ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(min ?? 0)) * 60_000 + Number(s ?? 0) * 1000;
  return sign ? -ms : ms;
}

/** `0.64 ms`, `12.3 ms`, `245 ms`, `1.25 s`. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}
