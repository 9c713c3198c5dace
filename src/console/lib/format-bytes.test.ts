import { expect, test } from 'vitest';
import { formatBytes } from './format-bytes';

test.for([
  [0, '0 B'],
  [1023, '1023 B'],
  [1536, '1.5 KB'],
  [20 * 1024, '20 KB'],
  [5 * 1024 * 1024 + 1, '5.0 MB'],
  [3 * 1024 ** 4, '3.0 TB'],
] as const)('formatBytes(%i) is %s', ([bytes, text]) => {
  expect(formatBytes(bytes)).toBe(text);
});
