import { describe, expect, test } from 'vitest';
import { importedText, phaseText, savedAt } from './scene-text';

describe('importedText', () => {
  test.for([
    { written: { documents: 1234, triples: 5678, graphs: 2, queryOptions: 1 }, verb: undefined, text: 'Imported 1,234 documents and 5,678 triples' },
    { written: { documents: 1, triples: 1, graphs: 1, queryOptions: 0 }, verb: undefined, text: 'Imported 1 document and 1 triple' },
    { written: { documents: 0, triples: 0, graphs: 0, queryOptions: 0 }, verb: 'Restored', text: 'Restored 0 documents and 0 triples' },
  ])('$text', ({ written, verb, text }) => {
    expect(importedText(written, verb)).toBe(text);
  });
});

test.for(['documents', 'triples', 'writing'] as const)('phase %s has a label', (phase) => {
  expect(phaseText({ phase, done: 0, total: 1 })).toMatch(/^[A-Z]/);
});

test('savedAt shows a time in the local form, and anything else as it is', () => {
  const iso = '2026-01-02T03:04:05.000Z';
  expect(savedAt(iso)).toBe(new Date(iso).toLocaleString());
  expect(savedAt('soon')).toBe('soon');
});
