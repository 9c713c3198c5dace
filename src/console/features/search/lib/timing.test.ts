import { expect, test } from 'vitest';
import { durationMs, formatMs } from './timing';

test.for([
  { text: 'PT0.006021S', ms: 6.021 },
  { text: 'PT0S', ms: 0 },
  { text: 'PT1M5.2S', ms: 65_200 },
  { text: 'PT1H', ms: 3_600_000 },
  { text: 'P1DT0.5S', ms: 86_400_500 },
  { text: '-PT2S', ms: -2000 },
  { text: 'PT', ms: undefined },
  { text: 'P', ms: undefined },
  { text: '6 ms', ms: undefined },
  { text: undefined, ms: undefined },
])('durationMs($text)', ({ text, ms }) => {
  const got = durationMs(text);
  if (ms === undefined) expect(got).toBeUndefined();
  else expect(got).toBeCloseTo(ms, 6);
});

test.for([
  { ms: 0.6391, text: '0.64 ms' },
  { ms: 12.34, text: '12.3 ms' },
  { ms: 245.4, text: '245 ms' },
  { ms: 1250, text: '1.25 s' },
])('formatMs($ms) is $text', ({ ms, text }) => {
  expect(formatMs(ms)).toBe(text);
});
