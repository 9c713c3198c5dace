/**
 * Writing a scene archive (docs/decisions/0025-scenes-and-tabula-paths.md): a store-only zip,
 * written synchronously into chunks the export hands out as they fill.
 *
 * Why our own: the library we used (client-zip) spent about 175 µs per entry in the service
 * worker on nested async generators, a promise round trip per small chunk, BigInt arithmetic
 * and a Date and TextEncoder per entry; a 200,000-entry scene took twice as long to export as
 * to read from IndexedDB. Here an entry is a CRC and a few dozen byte writes into the current
 * chunk, with plain numbers (offsets stay below 2^53), one date and one encoder.
 *
 * ZIP64 as APPNOTE (PKWARE's .ZIP File Format Specification) has it: an entry whose size or
 * local header offset does not fit 32 bits gets the ZIP64 extended-information extra field in
 * its central directory record, holding exactly the saturated fields in the order uncompressed
 * size, compressed size, offset; an archive of 65,535 entries or more, or whose directory's
 * size or offset does not fit, gets the ZIP64 end record and locator before the classic end
 * record, whose overflowing fields are then saturated. The one entry whose size is not known
 * when it starts (the N-Quads) carries a ZIP64 extra in its local header and a data descriptor
 * with 8-byte sizes, so it may pass 4 GB.
 */
import { utf8 } from '../util/bytes';
import { crc32 } from './crc32';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const DESCRIPTOR = 0x08074b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const ZIP64_EXTRA = 0x0001;
/** General-purpose flags: bit 11, the name is UTF-8; bit 3, sizes and CRC follow the data. */
const UTF8 = 0x0800;
const SIZES_AFTER = 0x0008;
/** Unix, specification 4.5 (ZIP64); "needed" is 2.0 for a plain stored entry, 4.5 with ZIP64. */
const MADE_BY = 0x032d;
const NEEDS = 20;
const NEEDS_ZIP64 = 45;
/** A regular file, rw-rw-r--, in the high half of the external attributes, so unzip gives sane modes. */
const FILE_ATTRIBUTES = 0o100664 * 0x10000;

/** The export hands out about this many bytes at a time. */
export const ZIP_CHUNK_BYTES = 256 * 1024;
/** Data of at least this size is handed out as given, not copied into a chunk. */
const BIG = 32 * 1024;
/** A chunk's buffer: a full chunk, plus room for the entry that crosses its end. */
const CHUNK_CAPACITY = ZIP_CHUNK_BYTES + 2 * BIG + 4096;
const LOCAL_FIXED = 30;
const CENTRAL_FIXED = 46;

const encoder = new TextEncoder();

const setU64 = (view: DataView, at: number, value: number): void => {
  view.setUint32(at, value >>> 0, true);
  view.setUint32(at + 4, Math.floor(value / 0x100000000), true);
};

const sat32 = (value: number): number => (value >= MAX32 ? MAX32 : value);

/** MS-DOS time and date (local time, two-second steps) as zip headers hold them; outside 1980–2107, the nearest end. */
export function dosDateTime(date: Date): { time: number; date: number } {
  const year = date.getFullYear();
  if (!(year >= 1980)) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** What a central directory record says of one entry. */
export interface CentralEntry {
  flags: number;
  crc: number;
  size: number;
  /** Offset of the entry's local header in the archive. */
  offset: number;
  /** The name, UTF-8. */
  name: Uint8Array;
}

/**
 * The central directory, built as entries are written and kept until the end: one growing
 * buffer of records (a 200,000-entry scene's is about 20 MB), not an object per entry.
 */
export class CentralDirectory {
  private bytes = new Uint8Array(64 * 1024);
  private view = new DataView(this.bytes.buffer);
  private used = 0;
  count = 0;

  constructor(private readonly stamp: { time: number; date: number }) {}

  add({ flags, crc, size, offset, name }: CentralEntry): void {
    const bigSize = size >= MAX32;
    const bigOffset = offset >= MAX32;
    const fields = (bigSize ? 2 : 0) + (bigOffset ? 1 : 0);
    const extra = fields > 0 ? 4 + 8 * fields : 0;
    const length = CENTRAL_FIXED + name.length + extra;
    this.reserve(length);
    const v = this.view;
    const at = this.used;
    v.setUint32(at, CENTRAL, true);
    v.setUint16(at + 4, MADE_BY, true);
    v.setUint16(at + 6, fields > 0 || flags & SIZES_AFTER ? NEEDS_ZIP64 : NEEDS, true);
    v.setUint16(at + 8, flags, true);
    v.setUint16(at + 10, 0, true); // stored
    v.setUint16(at + 12, this.stamp.time, true);
    v.setUint16(at + 14, this.stamp.date, true);
    v.setUint32(at + 16, crc, true);
    v.setUint32(at + 20, sat32(size), true); // compressed: stored, the same
    v.setUint32(at + 24, sat32(size), true);
    v.setUint16(at + 28, name.length, true);
    v.setUint16(at + 30, extra, true);
    v.setUint16(at + 32, 0, true); // comment
    v.setUint16(at + 34, 0, true); // disk
    v.setUint16(at + 36, 0, true); // internal attributes
    v.setUint32(at + 38, FILE_ATTRIBUTES, true);
    v.setUint32(at + 42, sat32(offset), true);
    this.bytes.set(name, at + CENTRAL_FIXED);
    if (extra > 0) {
      let field = at + CENTRAL_FIXED + name.length;
      v.setUint16(field, ZIP64_EXTRA, true);
      v.setUint16(field + 2, extra - 4, true);
      field += 4;
      if (bigSize) {
        setU64(v, field, size);
        setU64(v, field + 8, size);
        field += 16;
      }
      if (bigOffset) setU64(v, field, offset);
    }
    this.used += length;
    this.count++;
  }

  /** The records so far (a view: valid until the next {@link add}). */
  records(): Uint8Array {
    return this.bytes.subarray(0, this.used);
  }

  private reserve(n: number): void {
    if (this.used + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + n));
    grown.set(this.bytes.subarray(0, this.used));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}

/**
 * The records that end an archive whose central directory of `count` entries is `size` bytes
 * at `offset`: the ZIP64 end record and locator when a count, size or offset needs them, then
 * the classic end record with those fields saturated.
 */
export function endRecords(count: number, offset: number, size: number): Uint8Array {
  const zip64 = count >= MAX16 || offset >= MAX32 || size >= MAX32;
  const out = new Uint8Array((zip64 ? 56 + 20 : 0) + 22);
  const v = new DataView(out.buffer);
  let at = 0;
  if (zip64) {
    v.setUint32(0, ZIP64_END, true);
    setU64(v, 4, 56 - 12); // the record's size, less the signature and this field
    v.setUint16(12, MADE_BY, true);
    v.setUint16(14, NEEDS_ZIP64, true);
    // disk numbers (16, 20) stay 0
    setU64(v, 24, count);
    setU64(v, 32, count);
    setU64(v, 40, size);
    setU64(v, 48, offset);
    v.setUint32(56, ZIP64_LOCATOR, true);
    v.setUint32(60, 0, true);
    setU64(v, 64, offset + size); // where the ZIP64 end record starts
    v.setUint32(72, 1, true); // disks
    at = 76;
  }
  v.setUint32(at, END, true);
  v.setUint16(at + 8, Math.min(count, MAX16), true);
  v.setUint16(at + 10, Math.min(count, MAX16), true);
  v.setUint32(at + 12, sat32(size), true);
  v.setUint32(at + 16, sat32(offset), true);
  return out;
}

/**
 * A store-only zip written synchronously: {@link file} for an entry whose bytes are known,
 * {@link beginStream} / {@link streamChunk} / {@link endStream} for one written a piece at a
 * time, {@link finish} for the directory and end records; {@link take} hands over what is
 * written so far. Small entries are copied into the current chunk (one copy, as handing them
 * out would need anyway); data of 32 KB or more is handed over as given, so the caller must
 * not change bytes it passed until they are taken and read.
 */
export class ZipWriter {
  private readonly stamp: { time: number; date: number };
  private readonly directory: CentralDirectory;
  /** The chunk being filled: bytes before `start` are taken, `start`–`used` are ready. */
  private buf = new Uint8Array(0);
  private view = new DataView(this.buf.buffer);
  private start = 0;
  private used = 0;
  /** Pieces ready before the current chunk's, in order. */
  private pieces: Uint8Array[] = [];
  private piecesBytes = 0;
  /** Bytes written since the archive began: the next entry's offset. */
  private offset = 0;
  private stream: { name: Uint8Array; offset: number; crc: number; size: number } | undefined;
  private finished = false;

  constructor(date = new Date()) {
    this.stamp = dosDateTime(date);
    this.directory = new CentralDirectory(this.stamp);
  }

  /** Bytes written and not yet taken. */
  get pending(): number {
    return this.piecesBytes + this.used - this.start;
  }

  /** Entries written (or begun) so far. */
  get entries(): number {
    return this.directory.count + (this.stream ? 1 : 0);
  }

  /** An entry of `bytes`: local header (CRC and sizes in it, no descriptor), then the bytes. */
  file(name: string, bytes: Uint8Array): void {
    this.writable();
    const crc = crc32(bytes);
    const size = bytes.length;
    const zip64 = size >= MAX32;
    const offset = this.offset;
    const encoded = this.localHeader(name, UTF8, crc, zip64 ? MAX32 : size, zip64 ? size : undefined);
    this.put(bytes);
    this.directory.add({ flags: UTF8, crc, size, offset, name: encoded });
  }

  /**
   * An entry of `text` as UTF-8. Small text is encoded straight into the chunk, after a
   * header whose CRC and sizes are filled in once it is (a document's content and metadata:
   * an encoder's buffer per entry cost more than the encoding); large text is encoded apart.
   */
  text(name: string, text: string): void {
    if (text.length * 3 >= BIG) return this.file(name, utf8(text));
    this.writable();
    const offset = this.offset;
    this.room(LOCAL_FIXED + name.length * 3 + text.length * 3); // header and data in this chunk
    const headerAt = this.used;
    const encoded = this.localHeader(name, UTF8, 0, 0, undefined);
    const dataAt = this.used;
    const { written } = encoder.encodeInto(text, this.buf.subarray(dataAt, dataAt + text.length * 3));
    const crc = crc32(this.buf.subarray(dataAt, dataAt + written));
    this.view.setUint32(headerAt + 14, crc, true);
    this.view.setUint32(headerAt + 18, written, true);
    this.view.setUint32(headerAt + 22, written, true);
    this.advance(written);
    this.directory.add({ flags: UTF8, crc, size: written, offset, name: encoded });
  }

  /**
   * Starts the entry whose size is not known yet: sizes and CRC come after its data, in a
   * ZIP64 data descriptor, announced by a ZIP64 extra (sizes 0) in its local header.
   */
  beginStream(name: string): void {
    this.writable();
    const offset = this.offset;
    const encoded = this.localHeader(name, UTF8 | SIZES_AFTER, 0, MAX32, 0);
    this.stream = { name: encoded, offset, crc: 0, size: 0 };
  }

  streamChunk(bytes: Uint8Array): void {
    const stream = this.stream;
    if (!stream) throw new Error('zip writer: streamChunk outside a streamed entry');
    stream.crc = crc32(bytes, stream.crc);
    stream.size += bytes.length;
    this.put(bytes);
  }

  endStream(): void {
    const stream = this.stream;
    if (!stream) throw new Error('zip writer: endStream without beginStream');
    this.stream = undefined;
    const at = this.room(24);
    const v = this.view;
    v.setUint32(at, DESCRIPTOR, true);
    v.setUint32(at + 4, stream.crc, true);
    setU64(v, at + 8, stream.size);
    setU64(v, at + 16, stream.size);
    this.advance(24);
    this.directory.add({ flags: UTF8 | SIZES_AFTER, crc: stream.crc, size: stream.size, offset: stream.offset, name: stream.name });
  }

  /** The central directory and the end records; nothing may be written after. */
  finish(): void {
    this.writable();
    this.finished = true;
    const offset = this.offset;
    const records = this.directory.records();
    this.put(records);
    this.put(endRecords(this.directory.count, offset, records.length));
  }

  /** What is written and not yet taken, in order (chunks of about {@link ZIP_CHUNK_BYTES}, and large data as given). */
  take(): Uint8Array[] {
    this.seal();
    const out = this.pieces;
    this.pieces = [];
    this.piecesBytes = 0;
    // The next chunk starts in a fresh buffer: what was handed out may be held for a while,
    // and a buffer's tail is not worth the bookkeeping of sharing it.
    this.buf = new Uint8Array(0);
    this.start = this.used = 0;
    return out;
  }

  private writable(): void {
    if (this.finished) throw new Error('zip writer: the archive is finished');
    if (this.stream) throw new Error('zip writer: a streamed entry is still open');
  }

  /**
   * A local header for `name`; `zip64Size` adds the ZIP64 extra with both sizes (the fixed
   * fields then say 0xFFFFFFFF). Returns the name as UTF-8, for the central directory.
   */
  private localHeader(name: string, flags: number, crc: number, size: number, zip64Size: number | undefined): Uint8Array {
    const extra = zip64Size === undefined ? 0 : 20;
    const at = this.room(LOCAL_FIXED + name.length * 3 + extra);
    const { written } = encoder.encodeInto(name, this.buf.subarray(at + LOCAL_FIXED, at + LOCAL_FIXED + name.length * 3));
    if (written > MAX16) throw new Error(`zip writer: an entry name of ${written} bytes is longer than a zip allows (${MAX16})`);
    const v = this.view;
    v.setUint32(at, LOCAL, true);
    v.setUint16(at + 4, extra > 0 ? NEEDS_ZIP64 : NEEDS, true);
    v.setUint16(at + 6, flags, true);
    v.setUint16(at + 8, 0, true); // stored
    v.setUint16(at + 10, this.stamp.time, true);
    v.setUint16(at + 12, this.stamp.date, true);
    v.setUint32(at + 14, crc, true);
    v.setUint32(at + 18, size, true);
    v.setUint32(at + 22, size, true);
    v.setUint16(at + 26, written, true);
    v.setUint16(at + 28, extra, true);
    const nameAt = at + LOCAL_FIXED;
    if (zip64Size !== undefined) {
      const field = nameAt + written;
      v.setUint16(field, ZIP64_EXTRA, true);
      v.setUint16(field + 2, 16, true);
      setU64(v, field + 4, zip64Size);
      setU64(v, field + 12, zip64Size);
    }
    const encoded = this.buf.slice(nameAt, nameAt + written);
    this.advance(LOCAL_FIXED + written + extra);
    return encoded;
  }

  /** Appends `bytes`: copied into the chunk when small, handed over as given when large. */
  private put(bytes: Uint8Array): void {
    if (bytes.length >= BIG) {
      this.seal();
      this.pieces.push(bytes);
      this.piecesBytes += bytes.length;
      this.offset += bytes.length;
      return;
    }
    const at = this.room(bytes.length);
    this.buf.set(bytes, at);
    this.advance(bytes.length);
  }

  /** Where `n` more bytes go in the chunk (a new chunk when the current one lacks room). */
  private room(n: number): number {
    if (this.used + n > this.buf.length) {
      this.seal();
      this.buf = new Uint8Array(Math.max(CHUNK_CAPACITY, n));
      this.view = new DataView(this.buf.buffer);
      this.start = this.used = 0;
    }
    return this.used;
  }

  private advance(n: number): void {
    this.used += n;
    this.offset += n;
  }

  /** Moves the chunk's ready bytes to the pieces. */
  private seal(): void {
    if (this.used === this.start) return;
    this.pieces.push(this.buf.subarray(this.start, this.used));
    this.piecesBytes += this.used - this.start;
    this.start = this.used;
  }
}
