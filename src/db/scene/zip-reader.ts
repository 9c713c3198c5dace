/**
 * Reading a scene archive (docs/decisions/0025-scenes-and-tabula-paths.md): the central
 * directory (ZIP64 included: a 100,000-document scene has 200,000 entries), then each
 * entry's bytes on demand, CRC-checked, inflated when a hand-made archive deflated them.
 *
 * Why our own reader (the writer is ours too, zip-writer.ts): measured in the decision
 * record, the readers we tried either stop at 65,535 entries (fflate) or cost about a
 * millisecond per entry (zip.js), minutes for a scene whose raw IndexedDB read takes a
 * second or two. A store-only reader of the central directory is a view over the bytes.
 *
 * Must: every malformation (not a zip, truncated, encrypted, an unknown method, a bad
 * CRC, an entry outside the file, a name twice) is a TABULA-BADSCENE naming what and where,
 * never an exception of another kind and never a read outside the buffer.
 */
import { inflateSync } from 'fflate';
import { DbError } from '../errors';
import { crc32 } from './crc32';

export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  /** Offset of the entry's local header. */
  readonly headerOffset: number;
}

const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
/** The largest deflated entry we inflate: its size is read from the archive, so it bounds what one allocation may ask for. */
const MAX_INFLATED = 1024 * 1024 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const bad = (message: string) => new DbError('TABULA-BADSCENE', message);

/** A bounds-checked little-endian view: reading past the end is "truncated", never garbage. */
class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(at: number, n: number, what: string): void {
    if (at < 0 || at + n > this.bytes.length) throw bad(`the archive is truncated: ${what} at byte ${at} is past its end (${this.bytes.length} bytes)`);
  }
  u16(at: number, what: string): number {
    this.need(at, 2, what);
    return this.view.getUint16(at, true);
  }
  u32(at: number, what: string): number {
    this.need(at, 4, what);
    return this.view.getUint32(at, true);
  }
  u64(at: number, what: string): number {
    this.need(at, 8, what);
    const value = this.view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw bad(`${what} at byte ${at} is too large`);
    return Number(value);
  }
  slice(at: number, n: number, what: string): Uint8Array {
    this.need(at, n, what);
    return this.bytes.subarray(at, at + n);
  }
}

/** The end-of-central-directory record: searched backwards over the largest possible comment. */
function findEnd(r: Reader): number {
  const bytes = r.bytes;
  const lowest = Math.max(0, bytes.length - 22 - MAX_COMMENT);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) return at;
  }
  throw bad(bytes.length < 22 ? `not a zip archive (${bytes.length} bytes)` : 'not a zip archive, or truncated: no end of central directory');
}

/** Lists the entries of the archive in `bytes`, in central-directory order. */
export function listZip(bytes: Uint8Array): ZipEntry[] {
  const r = new Reader(bytes);
  const end = findEnd(r);
  let count = r.u16(end + 10, 'entry count');
  let dirSize = r.u32(end + 12, 'central directory size');
  let dirOffset = r.u32(end + 16, 'central directory offset');
  const locator = end - 20;
  const zip64 = locator >= 0 && r.u32(locator, 'ZIP64 locator') === ZIP64_LOCATOR;
  if (!zip64 && (dirSize === 0xffffffff || dirOffset === 0xffffffff)) throw bad('a ZIP64 archive without its ZIP64 end locator');
  // More than 65,535 entries without a ZIP64 record (as some streaming writers leave it): the
  // count is saturated, so the directory is read to its end instead, as unzip and Python do.
  if (!zip64 && count === 0xffff) count = Number.POSITIVE_INFINITY;
  if (zip64) {
    const record = r.u64(locator + 8, 'ZIP64 end record offset');
    if (r.u32(record, 'ZIP64 end record') !== ZIP64_EOCD) throw bad(`no ZIP64 end record at byte ${record}`);
    count = r.u64(record + 32, 'ZIP64 entry count');
    dirSize = r.u64(record + 40, 'ZIP64 central directory size');
    dirOffset = r.u64(record + 48, 'ZIP64 central directory offset');
  }
  if (dirOffset + dirSize > bytes.length) throw bad(`the archive is truncated: its central directory ends at byte ${dirOffset + dirSize}, past its end (${bytes.length} bytes)`);
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let at = dirOffset;
  const dirEnd = dirOffset + dirSize;
  for (let i = 0; i < count && (Number.isFinite(count) || at < dirEnd); i++) {
    if (r.u32(at, 'central directory header') !== CENTRAL) throw bad(`central directory entry ${i + 1} of ${count} is damaged (byte ${at})`);
    const flags = r.u16(at + 8, 'flags');
    const method = r.u16(at + 10, 'method');
    const crc = r.u32(at + 16, 'CRC');
    let compressedSize = r.u32(at + 20, 'compressed size');
    let size = r.u32(at + 24, 'size');
    const nameLength = r.u16(at + 28, 'name length');
    const extraLength = r.u16(at + 30, 'extra length');
    const commentLength = r.u16(at + 32, 'comment length');
    let headerOffset = r.u32(at + 42, 'local header offset');
    let name: string;
    try {
      name = utf8.decode(r.slice(at + 46, nameLength, 'entry name'));
    } catch (e) {
      if (e instanceof DbError) throw e;
      throw bad(`central directory entry ${i + 1} has a name that is not UTF-8`);
    }
    // ZIP64 extra field: the 64-bit values of exactly the fields saturated above, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = r.u16(extra, 'extra field id');
      const length = r.u16(extra + 2, 'extra field length');
      if (id === 0x0001) {
        let field = extra + 4;
        if (size === 0xffffffff) {
          size = r.u64(field, 'ZIP64 size');
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = r.u64(field, 'ZIP64 compressed size');
          field += 8;
        }
        if (headerOffset === 0xffffffff) headerOffset = r.u64(field, 'ZIP64 header offset');
      }
      extra += 4 + length;
    }
    if (flags & 0x1) throw bad(`${name}: encrypted entries are not supported`);
    if (method !== 0 && method !== 8) throw bad(`${name}: compression method ${method} is not supported (stored or deflated only)`);
    if (names.has(name)) throw bad(`${name}: the archive holds this name twice`);
    names.add(name);
    entries.push({ name, method, crc, compressedSize, size, headerOffset });
    at = extraEnd + commentLength;
  }
  return entries;
}

/** An entry's bytes (a view into `bytes` when stored), after checking its CRC. */
export function readEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const r = new Reader(bytes);
  const at = entry.headerOffset;
  if (r.u32(at, `${entry.name}: local header`) !== LOCAL) throw bad(`${entry.name}: no local header at byte ${at}`);
  const start = at + 30 + r.u16(at + 26, 'name length') + r.u16(at + 28, 'extra length');
  const raw = r.slice(start, entry.compressedSize, `${entry.name}: data`);
  let data: Uint8Array;
  if (entry.method === 0) data = raw;
  else {
    if (entry.size > MAX_INFLATED) throw bad(`${entry.name}: ${entry.size} bytes inflated is more than an entry may hold (${MAX_INFLATED})`);
    try {
      data = inflateSync(raw, { out: new Uint8Array(entry.size) });
    } catch (e) {
      throw bad(`${entry.name}: the deflated data is damaged (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  if (data.length !== entry.size) throw bad(`${entry.name}: ${data.length} bytes where the directory says ${entry.size}`);
  if (crc32(data) !== entry.crc) throw bad(`${entry.name}: the CRC does not match (the entry is damaged)`);
  return data;
}
