import { describe, expect, test } from 'vitest';
import {
  ShortcutSyntaxError,
  comboMatches,
  describeShortcut,
  isMacPlatform,
  parseShortcut,
  stepShortcuts,
  strokeFromEvent,
  type KeyEventLike,
  type KeyStroke,
} from './shortcut-keys';

const ev = (key: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key,
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});
const stroke = (key: string, mods: Partial<KeyEventLike> = {}): KeyStroke => {
  const s = strokeFromEvent(ev(key, mods));
  if (!s) throw new Error(`no stroke for ${key}`);
  return s;
};

describe('parseShortcut', () => {
  test('a chord with modifiers', () => {
    expect(parseShortcut('mod+enter')).toEqual([{ key: 'enter', mod: true, ctrl: false, meta: false, alt: false, shift: false }]);
    expect(parseShortcut('Alt+Shift+F')).toEqual([{ key: 'f', mod: false, ctrl: false, meta: false, alt: true, shift: true }]);
  });

  test('a sequence is one combo per step', () => {
    expect(parseShortcut('g d').map((c) => c.key)).toEqual(['g', 'd']);
  });

  test('punctuation and aliases', () => {
    expect(parseShortcut('?')[0].key).toBe('?');
    expect(parseShortcut('/')[0].key).toBe('/');
    expect(parseShortcut('esc')[0].key).toBe('escape');
    expect(parseShortcut('mod++')[0]).toMatchObject({ key: '+', mod: true });
    expect(parseShortcut('+')[0].key).toBe('+');
  });

  test('mistakes are reported', () => {
    expect(() => parseShortcut('hyper+k')).toThrow(ShortcutSyntaxError);
    expect(() => parseShortcut('')).toThrow(ShortcutSyntaxError);
    expect(() => parseShortcut('mod+')).toThrow(ShortcutSyntaxError);
  });
});

describe('strokeFromEvent', () => {
  test('a lone modifier is no stroke', () => {
    expect(strokeFromEvent(ev('Shift', { shiftKey: true }))).toBeNull();
    expect(strokeFromEvent(ev('Control', { ctrlKey: true }))).toBeNull();
  });

  test('macOS Alt composes a character: the physical key is read instead', () => {
    expect(strokeFromEvent(ev('ƒ', { code: 'KeyF', altKey: true }))?.key).toBe('f');
    expect(strokeFromEvent(ev('Ï', { code: 'KeyF', altKey: true, shiftKey: true }))?.key).toBe('f');
    expect(strokeFromEvent(ev('Dead', { code: 'KeyE', altKey: true }))?.key).toBe('e');
  });

  test('a plain key on another layout keeps its character', () => {
    // AZERTY: the key labelled A sits where QWERTY has Q.
    expect(strokeFromEvent(ev('a', { code: 'KeyQ' }))?.key).toBe('a');
  });
});

describe('comboMatches', () => {
  const [modEnter] = parseShortcut('mod+enter');
  test('mod is Ctrl off a Mac and Cmd on one', () => {
    expect(comboMatches(modEnter, stroke('Enter', { ctrlKey: true }), false)).toBe(true);
    expect(comboMatches(modEnter, stroke('Enter', { metaKey: true }), false)).toBe(false);
    expect(comboMatches(modEnter, stroke('Enter', { metaKey: true }), true)).toBe(true);
    expect(comboMatches(modEnter, stroke('Enter', { ctrlKey: true }), true)).toBe(false);
  });

  test('extra modifiers do not match', () => {
    expect(comboMatches(modEnter, stroke('Enter', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(comboMatches(parseShortcut('g')[0], stroke('g', { ctrlKey: true }), false)).toBe(false);
    expect(comboMatches(parseShortcut('g')[0], stroke('G', { shiftKey: true }), false)).toBe(false);
  });

  test('shift is implied for punctuation typed with it', () => {
    expect(comboMatches(parseShortcut('?')[0], stroke('?', { shiftKey: true }), false)).toBe(true);
    expect(comboMatches(parseShortcut('/')[0], stroke('/'), false)).toBe(true);
    expect(comboMatches(parseShortcut('?')[0], stroke('?', { shiftKey: true, altKey: true }), false)).toBe(false);
  });

  test('alt+shift+f', () => {
    const [combo] = parseShortcut('alt+shift+f');
    expect(comboMatches(combo, stroke('F', { altKey: true, shiftKey: true, code: 'KeyF' }), false)).toBe(true);
    expect(comboMatches(combo, stroke('Ï', { altKey: true, shiftKey: true, code: 'KeyF' }), true)).toBe(true);
    expect(comboMatches(combo, stroke('f', { altKey: true, code: 'KeyF' }), false)).toBe(false);
  });
});

describe('stepShortcuts', () => {
  const entries = ['g d', 'g s', '?', 'mod+enter'].map((keys) => ({ steps: parseShortcut(keys), value: keys }));
  const run = (keys: KeyStroke[]) => {
    let pending: KeyStroke[] = [];
    const fired: string[] = [];
    const consumed: boolean[] = [];
    for (const k of keys) {
      const r = stepShortcuts(entries, pending, k, false);
      pending = r.pending;
      if (r.fired) fired.push(r.fired);
      consumed.push(r.consumed);
    }
    return { fired, consumed, pending };
  };

  test('a sequence fires on its last key, its first key waits', () => {
    expect(run([stroke('g'), stroke('d')])).toEqual({ fired: ['g d'], consumed: [true, true], pending: [] });
  });

  test('a single key fires at once', () => {
    expect(run([stroke('?', { shiftKey: true })]).fired).toEqual(['?']);
    expect(run([stroke('Enter', { ctrlKey: true })]).fired).toEqual(['mod+enter']);
  });

  test('an unbound key is not consumed and breaks a sequence', () => {
    expect(run([stroke('x')])).toEqual({ fired: [], consumed: [false], pending: [] });
    expect(run([stroke('g'), stroke('x'), stroke('d')]).fired).toEqual([]);
  });

  test('a key that breaks a sequence may begin another', () => {
    expect(run([stroke('g'), stroke('g'), stroke('s')]).fired).toEqual(['g s']);
    expect(run([stroke('g'), stroke('?', { shiftKey: true })]).fired).toEqual(['?']);
  });

  test('the later registration wins a tie', () => {
    const both = [
      { steps: parseShortcut('/'), value: 'global' },
      { steps: parseShortcut('/'), value: 'page' },
    ];
    expect(stepShortcuts(both, [], stroke('/'), false).fired).toBe('page');
  });
});

describe('describeShortcut', () => {
  test('as a person reads it', () => {
    expect(describeShortcut('mod+enter', false)).toEqual([['Ctrl', 'Enter']]);
    expect(describeShortcut('mod+enter', true)).toEqual([['⌘', 'Enter']]);
    expect(describeShortcut('alt+shift+f', false)).toEqual([['Alt', 'Shift', 'F']]);
    expect(describeShortcut('mod+k', true)).toEqual([['⌘', 'K']]);
    expect(describeShortcut('g d', false)).toEqual([['g'], ['d']]);
    expect(describeShortcut('esc', false)).toEqual([['Esc']]);
  });

  test('platform', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('macOS')).toBe(true);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
    expect(isMacPlatform('Win32')).toBe(false);
  });
});
