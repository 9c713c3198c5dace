/**
 * Variable-length integers (LEB128: seven bits a byte, the high bit set on every byte but
 * a number's last) for the search snapshot. Word ids, node lengths and the gaps between
 * the ascending document keys of a posting list are mostly small, so most take one byte
 * where a Uint32Array spends four (docs/decisions/0012-search-index.md, its second amendment).
 */

/** A growing byte buffer that numbers are appended to. */
export class VarintWriter {
  private bytes = new Uint8Array(1024);
  private at = 0;

  get length(): number {
    return this.at;
  }

  private room(): void {
    if (this.at + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
  }

  /** Appends one byte as it is (a bit table between numbers). */
  writeByte(b: number): void {
    this.room();
    this.bytes[this.at++] = b;
  }

  /** Appends a non-negative integer below 2³². */
  write(n: number): void {
    this.room();
    while (n >= 0x80) {
      this.bytes[this.at++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.bytes[this.at++] = n;
  }

  /** Appends the gaps between ascending numbers (the first as it is). */
  writeAscending(values: ArrayLike<number>): void {
    let previous = 0;
    for (let i = 0; i < values.length; i++) {
      this.write(values[i] - previous);
      previous = values[i];
    }
  }

  /** The bytes written, trimmed to their length. */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.at);
  }
}

/** How many numbers `bytes[start…end)` holds (every number ends on a byte below 0x80). */
export function varintCount(bytes: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (bytes[i] < 0x80) n++;
  return n;
}

/**
 * Decodes the numbers of `bytes[start…end)` into `out` from `outAt`; `ascending`: they
 * were written as gaps ({@link VarintWriter.writeAscending}). Returns the position after
 * the last number written.
 */
export function readVarints(bytes: Uint8Array, start: number, end: number, out: { [i: number]: number }, outAt = 0, ascending = false): number {
  let value = 0;
  let shift = 0;
  let previous = 0;
  let o = outAt;
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) {
      if (ascending) value = previous += value;
      out[o++] = value;
      value = 0;
      shift = 0;
    } else shift += 7;
  }
  return o;
}
