/** Numbers as people read them; the exact value stays available (the page puts it in a `title`). */

const grouped = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });
const scientific = new Intl.NumberFormat(undefined, { notation: 'scientific', maximumFractionDigits: 4 });

/**
 * An aggregate's result for reading: grouped digits and at most four decimals; very large
 * or very small magnitudes in scientific notation. A value that is not a number (a `min`
 * of strings or dates) is shown as it came.
 */
export function formatAggregate(value: string): string {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return value;
  const magnitude = Math.abs(n);
  return magnitude !== 0 && (magnitude >= 1e15 || magnitude < 1e-4) ? scientific.format(n) : grouped.format(n);
}

const counts = new Intl.NumberFormat();

/** A frequency or a count, grouped. */
export const formatCount = (n: number): string => counts.format(n);
