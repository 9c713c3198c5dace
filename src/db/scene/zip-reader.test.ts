/**
 * The scene reader against archives other writers made: client-zip (a streaming writer that
 * saturates the count past 65,535 entries without a ZIP64 end record), our own writer (ZIP64
 * past 65,535 entries), fflate (deflated entries, as `zip -r` writes them), and damaged copies.
 */
import { describe, expect, test } from 'vitest';
import { makeZip } from 'client-zip';
import { unzipSync, zipSync } from 'fflate';
import { ZipWriter } from './zip-writer';
import { listZip, readEntry } from './zip-reader';
import { crc32 } from './crc32';
import { DbError } from '../errors';

const enc = new TextEncoder();
const dec = new TextDecoder();

async function clientZip(files: Array<[string, string]>): Promise<Uint8Array> {
  const entries = files.map(([name, text]) => ({ name, input: enc.encode(text), lastModified: new Date(0) }));
  return new Uint8Array(await new Response(makeZip(entries)).arrayBuffer());
}

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DbError);
    expect((e as DbError).code).toBe('TABULA-BADSCENE');
    return (e as DbError).detail;
  }
  throw new Error('not refused');
};

describe('listZip and readEntry', () => {
  test('past 65,535 entries: client-zip saturates the count, the export\'s writer adds the ZIP64 end record; both are read whole', async () => {
    const files = Array.from({ length: 70_000 }, (_, i): [string, string] => [`documents/d${i}.json`, `{"n":${i}}`]);
    const bare = await clientZip(files);
    const writer = new ZipWriter(new Date(0));
    for (const [name, text] of files) writer.file(name, enc.encode(text));
    writer.finish();
    const exported = new Uint8Array(Buffer.concat(writer.take()));
    // The ZIP64 end record (56 bytes) and its locator (20) just before the classic end record (22).
    const tail = new DataView(exported.buffer, exported.byteOffset + exported.length - 98);
    expect([tail.getUint32(0, true), tail.getUint32(56, true), tail.getUint32(76, true)]).toEqual([0x06064b50, 0x07064b50, 0x06054b50]);
    for (const zip of [bare, exported]) {
      const listed = listZip(zip);
      expect(listed.length).toBe(files.length);
      for (const i of [0, 65_534, 65_535, 65_536, 69_999]) {
        expect(listed[i].name).toBe(files[i][0]);
        expect(dec.decode(readEntry(zip, listed[i]))).toBe(files[i][1]);
      }
    }
    // Another reader that trusts the end record: every entry once the ZIP64 record is there.
    expect(Object.keys(unzipSync(exported)).length).toBe(files.length);
  });

  test('deflated entries (fflate, level 6) are inflated and checked', () => {
    const text = 'the same words again and again; '.repeat(200);
    const zip = zipSync({ 'a.txt': enc.encode(text), 'dir/b.json': enc.encode('{"b":true}') }, { level: 6 });
    const entries = listZip(zip);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['a.txt', 8],
      ['dir/b.json', 8],
    ]);
    expect(dec.decode(readEntry(zip, entries[0]))).toBe(text);
  });

  test('a flipped byte is a CRC error naming the entry; the listing still works', async () => {
    const zip = await clientZip([['x.txt', 'hello there']]);
    zip[zip.indexOf(enc.encode('hello')[0])] ^= 1;
    const [entry] = listZip(zip);
    expect(refusal(() => readEntry(zip, entry))).toBe('x.txt: the CRC does not match (the entry is damaged)');
  });

  test.for([
    { name: 'every cut of a small archive', cut: (z: Uint8Array) => Array.from({ length: z.length }, (_, n) => z.slice(0, n)) },
  ])('$name is refused as not a zip or truncated, never read past its end', async ({ cut }) => {
    const zip = await clientZip([
      ['a.txt', 'alpha'],
      ['b.txt', 'beta'],
    ]);
    for (const part of cut(zip)) {
      const detail = refusal(() => {
        for (const e of listZip(part)) readEntry(part, e);
      });
      expect(detail).toMatch(/truncated|not a zip|damaged|no local header|CRC/);
    }
  });

  test('a name twice is refused', () => {
    const zip = zipSync({ 'a.txt': enc.encode('1') });
    // Two copies of the same archive's central directory entry: build by hand from the writer's.
    const entries = listZip(zip);
    expect(entries).toHaveLength(1);
    const doubled = zipSync({ 'a.txt': enc.encode('1'), 'b.txt': enc.encode('2') });
    const at = doubled.lastIndexOf(enc.encode('b.txt')[0]);
    doubled[at] = 'a'.charCodeAt(0);
    expect(refusal(() => listZip(doubled))).toBe('a.txt: the archive holds this name twice');
  });

  test('crc32 agrees with the values every zip writer records', () => {
    expect(crc32(enc.encode(''))).toBe(0);
    expect(crc32(enc.encode('123456789'))).toBe(0xcbf43926);
    const zip = zipSync({ 'z.bin': new Uint8Array(1000).map((_, i) => (i * 7) & 0xff) });
    const [entry] = listZip(zip);
    expect(entry.crc).toBe(crc32(new Uint8Array(1000).map((_, i) => (i * 7) & 0xff)));
  });
});
