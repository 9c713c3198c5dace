/**
 * Keyboard shortcuts as data: parsing a shortcut's `keys` ('mod+enter', 'alt+shift+f', '?',
 * 'g d'), turning a keydown into a stroke, and deciding — stroke by stroke — which shortcut a
 * sequence of strokes completes. No DOM here, so all of it is unit-tested; the hook and the
 * help overlay live in shortcuts.tsx (docs/decisions/0036-console-shell-theme-shortcuts-progress.md).
 */

/** One chord: a key and the modifiers that must be held with it (and no others). */
export interface KeyCombo {
  /** Lower-case `KeyboardEvent.key` ('enter', 'f', '/', '?', 'arrowdown'). */
  key: string;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

/** What a keydown is, as far as matching goes. */
export interface KeyStroke {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

/** The part of a KeyboardEvent a stroke is read from (a plain object in tests). */
export type KeyEventLike = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

const MODIFIER_NAMES: Record<string, keyof Omit<KeyCombo, 'key'>> = {
  mod: 'mod',
  ctrl: 'ctrl',
  control: 'ctrl',
  meta: 'meta',
  cmd: 'meta',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
};

/** Names a shortcut may spell differently from `KeyboardEvent.key`. */
const KEY_ALIASES: Record<string, string> = {
  esc: 'escape',
  return: 'enter',
  space: ' ',
  up: 'arrowup',
  down: 'arrowdown',
  left: 'arrowleft',
  right: 'arrowright',
  del: 'delete',
  plus: '+',
};

/** Keys that are only ever held with another: a keydown of one of these is not a stroke. */
const MODIFIER_KEYS = new Set(['shift', 'control', 'alt', 'meta', 'altgraph', 'capslock', 'os', 'fn']);

export class ShortcutSyntaxError extends Error {
  override readonly name = 'ShortcutSyntaxError';
}

/**
 * 'mod+shift+enter' → one combo; 'g d' → two, pressed one after the other. A key may itself be
 * '+' when written last ('mod++' or 'mod+plus').
 */
export function parseShortcut(keys: string): KeyCombo[] {
  const steps = keys.trim().split(/\s+/);
  if (steps.length === 0 || steps[0] === '') throw new ShortcutSyntaxError('A shortcut needs at least one key');
  return steps.map((step) => parseCombo(step, keys));
}

function parseCombo(step: string, whole: string): KeyCombo {
  const combo: KeyCombo = { key: '', mod: false, ctrl: false, meta: false, alt: false, shift: false };
  // A trailing '+' after a '+' is the key itself ('mod++').
  const parts = step.endsWith('++') ? [...step.slice(0, -2).split('+'), '+'] : step === '+' ? ['+'] : step.split('+');
  const keyPart = parts.pop() ?? '';
  for (const part of parts) {
    const modifier = MODIFIER_NAMES[part.toLowerCase()];
    if (!modifier) throw new ShortcutSyntaxError(`Unknown modifier "${part}" in shortcut "${whole}"`);
    combo[modifier] = true;
  }
  if (keyPart === '') throw new ShortcutSyntaxError(`Shortcut "${whole}" names no key`);
  const lower = keyPart.toLowerCase();
  combo.key = KEY_ALIASES[lower] ?? lower;
  return combo;
}

/**
 * A keydown as a stroke, or null for a lone modifier (pressing Shift on the way to '?' must not
 * break a sequence). With Alt held, macOS reports the composed character (Alt+F is 'ƒ'), so a
 * key that is not a plain ASCII character is read from its physical position instead.
 */
export function strokeFromEvent(event: KeyEventLike): KeyStroke | null {
  const raw = event.key ?? '';
  const lower = raw.toLowerCase();
  if (raw === '' || raw === 'Dead' || raw === 'Unidentified' || MODIFIER_KEYS.has(lower)) {
    if (raw === 'Dead' && event.code) return { key: keyFromCode(event.code) ?? lower, ctrl: event.ctrlKey, meta: event.metaKey, alt: event.altKey, shift: event.shiftKey };
    return null;
  }
  let key = lower;
  if (raw.length === 1 && !/^[\x20-\x7e]$/.test(raw)) key = keyFromCode(event.code) ?? lower;
  return { key, ctrl: event.ctrlKey, meta: event.metaKey, alt: event.altKey, shift: event.shiftKey };
}

function keyFromCode(code: string): string | undefined {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1].toLowerCase();
  const digit = /^Digit(\d)$/.exec(code);
  return digit ? digit[1] : undefined;
}

/** Letters, digits and named keys ('enter', 'f5') take Shift at its word; punctuation does not. */
function shiftIsExplicit(key: string): boolean {
  return /^[a-z0-9]$/.test(key) || key.length > 1;
}

/**
 * Does the stroke press this combo? Every modifier must be as written: 'g' is not Ctrl+G.
 * Shift is the exception for punctuation, since on most layouts '?' can only be typed with it.
 */
export function comboMatches(combo: KeyCombo, stroke: KeyStroke, isMac: boolean): boolean {
  if (combo.key !== stroke.key) return false;
  const wantCtrl = combo.ctrl || (combo.mod && !isMac);
  const wantMeta = combo.meta || (combo.mod && isMac);
  if (stroke.ctrl !== wantCtrl || stroke.meta !== wantMeta || stroke.alt !== combo.alt) return false;
  return shiftIsExplicit(combo.key) || combo.shift ? stroke.shift === combo.shift : true;
}

/** A registered shortcut as the matcher sees it. */
export interface ShortcutEntry<T> {
  steps: readonly KeyCombo[];
  value: T;
}

export interface StepResult<T> {
  /** The shortcut the strokes completed, if any. */
  fired?: T;
  /** The strokes of a sequence begun but not finished ('g' of 'g d'), to carry to the next key. */
  pending: KeyStroke[];
  /** Whether the key was used (fired or began a sequence), so the page should not act on it too. */
  consumed: boolean;
}

/**
 * One keydown: given the strokes pending from earlier keys, does this one complete a shortcut,
 * begin or continue a sequence, or neither? A stroke that breaks a sequence is tried afresh on
 * its own, so 'g x d' does not fire 'g d' but 'g g d' can still begin 'g d' at the second 'g'.
 * Later entries win a tie, so a page's shortcut overrides a global one with the same keys.
 */
export function stepShortcuts<T>(entries: readonly ShortcutEntry<T>[], pending: readonly KeyStroke[], stroke: KeyStroke, isMac: boolean): StepResult<T> {
  const attempt = (strokes: readonly KeyStroke[]): StepResult<T> | null => {
    let fired: T | undefined;
    let continues = false;
    for (const entry of entries) {
      if (entry.steps.length < strokes.length) continue;
      if (!strokes.every((s, i) => comboMatches(entry.steps[i], s, isMac))) continue;
      if (entry.steps.length === strokes.length) fired = entry.value;
      else continues = true;
    }
    if (fired !== undefined) return { fired, pending: [], consumed: true };
    if (continues) return { pending: [...strokes], consumed: true };
    return null;
  };
  if (pending.length > 0) {
    const continued = attempt([...pending, stroke]);
    if (continued) return continued;
  }
  return attempt([stroke]) ?? { pending: [], consumed: false };
}

/** How long a sequence's first key waits for the next. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/**
 * The keys as a person reads them: 'mod+shift+enter' → [['Ctrl', 'Shift', 'Enter']] (['⌘', '⇧',
 * 'Enter'] on a Mac), one array per step of a sequence.
 */
export function describeShortcut(keys: string, isMac: boolean): string[][] {
  return parseShortcut(keys).map((combo) => {
    const parts: string[] = [];
    if (combo.ctrl || (combo.mod && !isMac)) parts.push(isMac ? '⌃' : 'Ctrl');
    if (combo.alt) parts.push(isMac ? '⌥' : 'Alt');
    if (combo.shift) parts.push(isMac ? '⇧' : 'Shift');
    if (combo.meta || (combo.mod && isMac)) parts.push(isMac ? '⌘' : 'Meta');
    // A letter held with a modifier reads as its key cap ('Ctrl + K'); alone, as typed ('g').
    parts.push(parts.length > 0 && /^[a-z]$/.test(combo.key) ? combo.key.toUpperCase() : keyLabel(combo.key));
    return parts;
  });
}

const KEY_LABELS: Record<string, string> = {
  ' ': 'Space',
  enter: 'Enter',
  escape: 'Esc',
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
  backspace: 'Backspace',
  delete: 'Delete',
  tab: 'Tab',
};

function keyLabel(key: string): string {
  if (KEY_LABELS[key]) return KEY_LABELS[key];
  if (/^f\d{1,2}$/.test(key)) return key.toUpperCase();
  if (key.length > 1) return key[0].toUpperCase() + key.slice(1);
  return key;
}

/** Whether this platform's primary modifier is Cmd. */
export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}
