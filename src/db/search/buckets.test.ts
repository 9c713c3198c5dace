import { describe, expect, test } from 'vitest';
import { resolvedBuckets } from './buckets';

const now = new Date('2026-11-21T15:30:00Z');

describe('computed buckets', () => {
  test.for([
    { name: 'today', bucket: { name: 'today', ge: 'P0D', lt: 'P1D', anchor: 'start-of-day' }, type: 'xs:dateTime', expected: { ge: '2026-11-21T00:00:00.000Z', lt: '2026-11-22T00:00:00.000Z' } },
    { name: 'last week', bucket: { name: 'week', ge: '-P7D', lt: 'P0D', anchor: 'start-of-day' }, type: 'xs:date', expected: { ge: '2026-11-14', lt: '2026-11-21' } },
    { name: 'this month', bucket: { name: 'month', ge: 'P0D', lt: 'P1M', anchor: 'start-of-month' }, type: 'xs:date', expected: { ge: '2026-11-01', lt: '2026-12-01' } },
    { name: 'the last 12 hours', bucket: { name: 'recent', ge: '-PT12H', anchor: 'now' }, type: 'xs:dateTime', expected: { ge: '2026-11-21T03:30:00.000Z' } },
    { name: 'this year, per-bound anchors', bucket: { name: 'year', ge: 'P0D', 'ge-anchor': 'start-of-year', lt: 'P1D', 'lt-anchor': 'start-of-day' }, type: 'xs:date', expected: { ge: '2026-01-01', lt: '2026-11-22' } },
  ])('$name', ({ bucket, type, expected }) => {
    const [b] = resolvedBuckets({ type, 'json-property': 'added', 'computed-bucket': [bucket] }, now, 'constraint added');
    expect(b).toEqual({ name: bucket.name, ...expected });
  });

  test('plain buckets come first, as written', () => {
    expect(resolvedBuckets({ type: 'xs:int', 'json-property': 'n', bucket: [{ name: 'low', lt: '5' }] }, now, 'c')).toEqual([{ name: 'low', lt: '5' }]);
  });

  test.for([
    { name: 'a bad anchor', range: { type: 'xs:date', 'computed-bucket': [{ name: 'x', ge: 'P0D', anchor: 'noon' }] } },
    { name: 'a bad duration', range: { type: 'xs:date', 'computed-bucket': [{ name: 'x', ge: 'one day', anchor: 'now' }] } },
    { name: 'computed buckets on a number', range: { type: 'xs:int', 'computed-bucket': [{ name: 'x', ge: 'P0D', anchor: 'now' }] } },
  ])('400 for $name', ({ range }) => {
    expect(() => resolvedBuckets(range, now, 'constraint c')).toThrow(expect.objectContaining({ code: 'RESTAPI-INVALIDCONTENT', status: 400 }));
  });
});
