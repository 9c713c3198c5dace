/** CSV as RFC 4180 writes it: CRLF line ends, fields quoted when they hold a comma, a quote or a line break, quotes doubled. */

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>): string {
  return [header, ...rows].map((row) => row.map((field) => csvField(String(field))).join(',')).join('\r\n') + '\r\n';
}
