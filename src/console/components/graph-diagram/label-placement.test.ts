import { describe, expect, it } from 'vitest';
import { placeLabels, textWidth, truncate } from './label-placement';

describe('placeLabels', () => {
  it('draws a label only where it overlaps none drawn before it, first come first served', () => {
    const shown = placeLabels([
      { id: 'a', x: 0, y: 0, width: 100, height: 14 },
      { id: 'b', x: 50, y: 5, width: 100, height: 14 },
      { id: 'c', x: 0, y: 20, width: 100, height: 14 },
      { id: 'd', x: 200, y: 0, width: 30, height: 14 },
    ]);
    expect([...shown]).toEqual(['a', 'c', 'd']);
  });

  it('never draws a label over an obstacle (a node)', () => {
    const shown = placeLabels([{ id: 'a', x: 0, y: 0, width: 100, height: 14 }, { id: 'b', x: 0, y: 40, width: 100, height: 14 }], [{ id: 'node', x: 50, y: 2, width: 10, height: 10 }]);
    expect([...shown]).toEqual(['b']);
  });

  it('always draws a label marked so, and keeps the others clear of it', () => {
    const shown = placeLabels(
      [
        { id: 'focus', x: 0, y: 0, width: 100, height: 14, always: true },
        { id: 'other', x: 10, y: 2, width: 50, height: 14 },
      ],
      [{ id: 'node', x: 50, y: 2, width: 10, height: 10 }],
    );
    expect([...shown]).toEqual(['focus']);
  });

  it('finds overlaps across grid cells, for labels far wider than a cell', () => {
    const shown = placeLabels([
      { id: 'wide', x: -500, y: 100, width: 1000, height: 14 },
      { id: 'inside', x: 300, y: 105, width: 10, height: 5 },
    ]);
    expect([...shown]).toEqual(['wide']);
  });
});

describe('text helpers', () => {
  it('truncates with an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });
  it('estimates wider text as wider', () => {
    expect(textWidth('WWWW', 11)).toBeGreaterThan(textWidth('iiii', 11));
    expect(textWidth('', 11)).toBe(0);
  });
});
