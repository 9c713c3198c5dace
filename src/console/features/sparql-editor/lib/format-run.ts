/** How a run's duration, time and text read in the results header and the history. */

/** `0.4 ms`, `12 ms`, `1.25 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** `14:03:27` for today, `31 Jan 14:03` before. */
export function formatRunTime(time: number, now = Date.now()): string {
  const at = new Date(time);
  const today = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (at.toDateString() === today.toDateString()) return `${clock}:${pad(at.getSeconds())}`;
  const month = at.toLocaleString('en', { month: 'short' });
  return `${at.getDate()} ${month}${at.getFullYear() === today.getFullYear() ? '' : ` ${at.getFullYear()}`} ${clock}`;
}

/** The line that says what a query does: the first one after comments and declarations. */
export function querySummaryLine(text: string, max = 90): string {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '' && !l.startsWith('#') && !/^(PREFIX|BASE)\b/i.test(l)) ?? text.trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
