/**
 * The scene writer's archives, read back by our reader, by fflate and by the system's unzip
 * (Info-ZIP: `unzip -t`, `zipinfo`), and its ZIP64 records checked field by field.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { unzipSync } from 'fflate';
import { CentralDirectory, dosDateTime, endRecords, ZIP_CHUNK_BYTES, ZipWriter } from './zip-writer';
import { listZip, readEntry } from './zip-reader';
import { crc32 } from './crc32';

const enc = new TextEncoder();
const dir = mkdtempSync(join(tmpdir(), 'zip-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An entry to write: whole, or streamed in the given pieces. */
interface Spec {
  name: string;
  data?: Uint8Array;
  pieces?: Uint8Array[];
  /** Written with `text` (encoded by the writer). */
  text?: string;
}

const bytesOf = (spec: Spec): Uint8Array => spec.data ?? (spec.text !== undefined ? enc.encode(spec.text) : new Uint8Array(Buffer.concat(spec.pieces ?? [])));

function write(specs: readonly Spec[], date = new Date(2024, 4, 6, 7, 8, 10)): Uint8Array {
  const zip = new ZipWriter(date);
  for (const spec of specs) {
    if (spec.data) zip.file(spec.name, spec.data);
    else if (spec.text !== undefined) zip.text(spec.name, spec.text);
    else {
      zip.beginStream(spec.name);
      for (const piece of spec.pieces ?? []) zip.streamChunk(piece);
      zip.endStream();
    }
  }
  zip.finish();
  return new Uint8Array(Buffer.concat(zip.take()));
}

let files = 0;
/** The archive written to the temp dir, for the system's tools. */
function onDisk(zip: Uint8Array): string {
  const path = join(dir, `a${files++}.zip`);
  writeFileSync(path, zip);
  return path;
}
const run = (command: string, args: string[]): string => execFileSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

const binary = new Uint8Array(100_000).map((_, i) => (i * 131 + (i >> 8)) & 0xff);
const text = (s: string) => enc.encode(s);

describe('ZipWriter', () => {
  test.for<{ case: string; specs: Spec[] }>([
    { case: 'names with non-ASCII characters', specs: [{ name: 'documents/café/naïve.json', data: text('{"a":1}') }, { name: '日本語/文書.txt', data: text('テキスト') }, { name: 'emoji/🎉.txt', data: text('party') }] },
    { case: 'empty files', specs: [{ name: 'empty.txt', data: new Uint8Array(0) }, { name: 'after.txt', data: text('x') }, { name: 'empty2.txt', data: new Uint8Array(0) }] },
    {
      case: 'a streamed entry in several chunks, between whole ones',
      specs: [{ name: 'manifest.json', data: text('{}') }, { name: 'triples/quads.nq', pieces: [text('<a> <b> <c> .\n'), text('<d> <e> "é" .\n'), binary] }, { name: 'documents/x.json', data: text('{"x":true}') }],
    },
    { case: 'an empty streamed entry', specs: [{ name: 'triples/quads.nq', pieces: [] }, { name: 'b.txt', data: text('b') }] },
    {
      case: 'text entries: ASCII, non-ASCII, empty, and one large enough to be encoded apart',
      specs: [{ name: 'a.json', text: '{"a":1}' }, { name: 'é.txt', text: 'Grüße, 世界 🎉' }, { name: 'empty.txt', text: '' }, { name: 'big.nq', text: '<a> <b> "ü" .\n'.repeat(5_000) }],
    },
    {
      // Chunks fill up between entries: each header must be patched in the chunk it went to.
      case: 'text entries across several chunks',
      specs: Array.from({ length: 400 }, (_, i) => ({ name: `documents/d${i}.json`, text: JSON.stringify({ i, body: `${'ü€'.repeat(i % 7)}${'x'.repeat(1_500 + i)}` }) })),
    },
    { case: 'binary entries, one handed over as given (≥ 32 KB), one copied', specs: [{ name: 'big.bin', data: binary }, { name: 'small.bin', data: binary.subarray(0, 1000) }] },
  ])('$case: our reader, fflate and unzip read every entry back, with its CRC', ({ specs }) => {
    const zip = write(specs);
    const listed = listZip(zip);
    expect(listed.map((e) => e.name)).toEqual(specs.map((s) => s.name));
    for (const [i, spec] of specs.entries()) {
      const data = bytesOf(spec);
      expect(listed[i]).toMatchObject({ method: 0, size: data.length, compressedSize: data.length, crc: crc32(data) });
      expect(readEntry(zip, listed[i])).toEqual(data);
    }
    const unzipped = unzipSync(zip);
    expect(Object.keys(unzipped)).toEqual(specs.map((s) => s.name));
    for (const spec of specs) expect(unzipped[spec.name]).toEqual(bytesOf(spec));
    const path = onDisk(zip);
    expect(run('unzip', ['-t', path])).toContain('No errors detected');
    // zipinfo: every name (as UTF-8), a regular rw-rw-r-- file, made on Unix.
    expect(run('zipinfo', ['-1', path]).trimEnd().split('\n')).toEqual(specs.map((s) => s.name));
    for (const line of run('zipinfo', ['-s', path]).split('\n').filter((l) => /^-/.test(l))) expect(line).toMatch(/^-rw-rw-r-- +4\.5 unx /);
  });

  test('the DOS date and time of the writer\'s date, once for every entry (as unzip reads them)', () => {
    const date = new Date(2031, 11, 24, 18, 30, 44);
    const zip = write([{ name: 'a', data: text('a') }, { name: 'q', pieces: [text('q')] }], date);
    // zipinfo -T: yyyymmdd.hhmmss, local time like the record; DOS keeps even seconds.
    const pad = (n: number) => String(n).padStart(2, '0');
    const stamp = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}.${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds() & ~1)}`;
    const stamps = run('zipinfo', ['-T', '-l', onDisk(zip)]).split('\n').filter((l) => /^-/.test(l)).map((l) => l.split(/\s+/)[7]);
    expect(stamps).toEqual([stamp, stamp]);
  });

  test.for([
    { date: new Date(1979, 11, 31, 23, 59, 59), expected: { time: 0, date: (0 << 9) | (1 << 5) | 1 } },
    { date: new Date(2108, 0, 1), expected: { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 } },
    { date: new Date(Number.NaN), expected: { time: 0, date: (1 << 5) | 1 } },
  ])('a date DOS cannot hold ($date) is its nearest end', ({ date, expected }) => {
    expect(dosDateTime(date)).toEqual(expected);
  });

  test('more than 65,535 entries: the ZIP64 end record and locator, every entry listed by our reader and by unzip', () => {
    const count = 70_000;
    const specs = Array.from({ length: count }, (_, i): Spec => ({ name: `d/${i}.json`, data: text(`{"n":${i}}`) }));
    const zip = write(specs);
    const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const end = zip.length - 22;
    const locator = end - 20;
    expect(v.getUint32(end, true)).toBe(0x06054b50);
    expect([v.getUint16(end + 8, true), v.getUint16(end + 10, true)]).toEqual([0xffff, 0xffff]);
    expect(v.getUint32(locator, true)).toBe(0x07064b50);
    const record = Number(v.getBigUint64(locator + 8, true));
    expect(record).toBe(locator - 56);
    expect(v.getUint32(record, true)).toBe(0x06064b50);
    expect([v.getBigUint64(record + 24, true), v.getBigUint64(record + 32, true)]).toEqual([BigInt(count), BigInt(count)]);
    // The directory's size and offset, in both end records, agree with where it is.
    const dirSize = Number(v.getBigUint64(record + 40, true));
    const dirOffset = Number(v.getBigUint64(record + 48, true));
    expect(dirOffset + dirSize).toBe(record);
    expect([v.getUint32(end + 12, true), v.getUint32(end + 16, true)]).toEqual([dirSize, dirOffset]);
    const listed = listZip(zip);
    expect(listed.map((e) => e.name)).toEqual(specs.map((s) => s.name));
    for (const i of [0, 65_534, 65_535, count - 1]) expect(readEntry(zip, listed[i])).toEqual(specs[i].data);
    const summary = run('unzip', ['-l', onDisk(zip)]).trimEnd().split('\n').pop() ?? '';
    expect(summary).toMatch(new RegExp(`\\s${count} files$`));
  });

  test.for([
    { case: 'no field saturated', size: 10, offset: 1_000 },
    { case: 'the offset past 4 GB', size: 10, offset: 5 * 2 ** 30 },
    { case: 'the offset at 0xFFFFFFFF', size: 10, offset: 0xffffffff },
    { case: 'the size past 4 GB', size: 6 * 2 ** 30, offset: 1_000 },
    { case: 'size and offset past 4 GB', size: 6 * 2 ** 30, offset: 2 ** 40 + 3 },
  ])('central directory record, $case: the ZIP64 extra holds exactly the saturated fields, as our reader parses them', ({ size, offset }) => {
    const directory = new CentralDirectory(dosDateTime(new Date()));
    const name = text('triples/quads.nq');
    directory.add({ flags: 0x0808, crc: 0x12345678, size, offset, name });
    const records = directory.records();
    const archive = new Uint8Array(Buffer.concat([records, endRecords(1, 0, records.length)]));
    const [entry] = listZip(archive);
    expect(entry).toEqual({ name: 'triples/quads.nq', method: 0, crc: 0x12345678, size, compressedSize: size, headerOffset: offset });
    const v = new DataView(records.buffer, records.byteOffset, records.byteLength);
    const saturated = (size >= 0xffffffff ? 2 : 0) + (offset >= 0xffffffff ? 1 : 0);
    expect(v.getUint16(30, true)).toBe(saturated === 0 ? 0 : 4 + 8 * saturated);
    expect([v.getUint32(20, true), v.getUint32(24, true), v.getUint32(42, true)]).toEqual([
      Math.min(size, 0xffffffff),
      Math.min(size, 0xffffffff),
      Math.min(offset, 0xffffffff),
    ]);
    if (saturated > 0) expect(v.getUint16(46 + name.length, true)).toBe(0x0001);
  });

  test.for([
    { case: 'few entries', count: 3, offset: 100, size: 200, zip64: false },
    { case: '65,534 entries', count: 65_534, offset: 100, size: 200, zip64: false },
    { case: '65,535 entries', count: 65_535, offset: 100, size: 200, zip64: true },
    { case: 'the directory past 4 GB', count: 3, offset: 5 * 2 ** 30, size: 200, zip64: true },
    { case: 'a directory of 4 GB', count: 3, offset: 100, size: 0xffffffff, zip64: true },
  ])('end records, $case', ({ count, offset, size, zip64 }) => {
    const out = endRecords(count, offset, size);
    const v = new DataView(out.buffer);
    expect(out.length).toBe(zip64 ? 98 : 22);
    const end = out.length - 22;
    expect([v.getUint32(end, true), v.getUint16(end + 10, true), v.getUint32(end + 12, true), v.getUint32(end + 16, true)]).toEqual([
      0x06054b50,
      Math.min(count, 0xffff),
      Math.min(size, 0xffffffff),
      Math.min(offset, 0xffffffff),
    ]);
    if (zip64) {
      expect([v.getUint32(0, true), v.getBigUint64(32, true), v.getBigUint64(40, true), v.getBigUint64(48, true)]).toEqual([0x06064b50, BigInt(count), BigInt(size), BigInt(offset)]);
      expect([v.getUint32(56, true), v.getBigUint64(64, true)]).toEqual([0x07064b50, BigInt(offset + size)]);
    }
  });

  test('small entries are gathered into one chunk; large data is handed over as given', () => {
    const zip = new ZipWriter();
    const small = text('x'.repeat(300));
    while (zip.pending < ZIP_CHUNK_BYTES) zip.file(`s${zip.entries}`, small);
    const first = zip.take();
    expect(first).toHaveLength(1);
    expect(first[0].length).toBeGreaterThanOrEqual(ZIP_CHUNK_BYTES);
    expect(zip.pending).toBe(0);
    zip.file('big.bin', binary);
    const [header, data] = zip.take();
    expect(header.length).toBe(30 + 'big.bin'.length);
    expect(data).toBe(binary);
  });

  test.for<{ case: string; misuse: (zip: ZipWriter) => void; message: RegExp }>([
    { case: 'a file after finish', misuse: (zip) => (zip.finish(), zip.file('a', text('a'))), message: /finished/ },
    { case: 'a file while a streamed entry is open', misuse: (zip) => (zip.beginStream('q'), zip.file('a', text('a'))), message: /still open/ },
    { case: 'a chunk outside a streamed entry', misuse: (zip) => zip.streamChunk(text('a')), message: /outside/ },
    { case: 'finish while a streamed entry is open', misuse: (zip) => (zip.beginStream('q'), zip.finish()), message: /still open/ },
  ])('$case is refused', ({ misuse, message }) => {
    expect(() => misuse(new ZipWriter())).toThrow(message);
  });

  test('a name longer than a zip allows is refused and writes nothing', () => {
    const zip = new ZipWriter();
    zip.file('a', text('a'));
    const before = zip.pending;
    expect(() => zip.file('é'.repeat(40_000), text('x'))).toThrow(/longer than a zip allows/);
    expect(zip.pending).toBe(before);
    zip.finish();
    expect(listZip(new Uint8Array(Buffer.concat(zip.take()))).map((e) => e.name)).toEqual(['a']);
  });
});
