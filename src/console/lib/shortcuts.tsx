/**
 * The console's keyboard shortcuts. A page registers one with `useShortcut` for as long as it is
 * mounted; one keydown listener for the whole page matches keys against what is registered now,
 * and the `?` overlay (ShortcutHelpDialog) lists the same registry by group, so the help can never
 * name a shortcut that does not work on this page. Key syntax and matching: shortcut-keys.ts;
 * why: docs/decisions/0036-console-shell-theme-shortcuts-progress.md.
 */
import { Fragment, useEffect, useSyncExternalStore } from 'react';
import { ModalDialog } from '../components/confirm-dialog';
import { useLatest } from './use-latest';
import {
  SEQUENCE_TIMEOUT_MS,
  describeShortcut,
  isMacPlatform,
  parseShortcut,
  stepShortcuts,
  strokeFromEvent,
  type KeyCombo,
  type KeyStroke,
  type ShortcutEntry,
} from './shortcut-keys';

export interface Shortcut {
  /** 'mod+enter', 'alt+shift+f', '/', '?', 'g d' (a sequence); 'mod' is Ctrl, or Cmd on macOS. */
  keys: string;
  /** What it does, as the help lists it: "Run the query". */
  description: string;
  /** The help's heading it is listed under: "General", "Navigation", "SPARQL"… */
  group: string;
}

export interface ShortcutOptions {
  /** False leaves the shortcut unregistered (and out of the help) for now. */
  enabled?: boolean;
  /** Fire even while typing in a field or an editor: for chords like mod+enter, never for bare keys. */
  allowInInputs?: boolean;
}

interface Registered {
  id: number;
  shortcut: Shortcut;
  steps: KeyCombo[];
  allowInInputs: boolean;
  handler: (event: KeyboardEvent) => void;
}

let nextId = 1;
let registered: Registered[] = [];
const listeners = new Set<() => void>();
let pending: KeyStroke[] = [];
let pendingAt = 0;
let listening = false;

const isMac = () => {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  return isMacPlatform(nav?.userAgentData?.platform ?? nav?.platform ?? '');
};

/** Fields and editors the keys belong to while focused. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('.cm-editor')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(target.type);
  }
  return false;
}

/** While a modal dialog is open its own keys rule: no page shortcut may act behind it. */
function modalOpen(): boolean {
  return document.querySelector('dialog:modal, [aria-modal="true"]:not(dialog)') !== null;
}

function onKeyDown(event: KeyboardEvent) {
  if (event.isComposing || event.defaultPrevented) return;
  const stroke = strokeFromEvent(event);
  if (!stroke) return;
  if (modalOpen()) {
    pending = [];
    return;
  }
  if (pending.length > 0 && event.timeStamp - pendingAt > SEQUENCE_TIMEOUT_MS) pending = [];
  const typing = isTyping(event.target);
  const entries: ShortcutEntry<Registered>[] = registered.filter((r) => !typing || r.allowInInputs).map((r) => ({ steps: r.steps, value: r }));
  const result = stepShortcuts(entries, pending, stroke, isMac());
  pending = result.pending;
  pendingAt = event.timeStamp;
  if (!result.consumed) return;
  // Listening in the capture phase lets a chord like mod+enter reach the page before an
  // editor inside it (CodeMirror binds Mod-Enter itself); the key then stops here.
  event.preventDefault();
  event.stopPropagation();
  result.fired?.handler(event);
}

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Registers a shortcut outside React (useShortcut is the usual way); returns its removal.
 * A later registration with the same keys wins while both are present.
 */
export function registerShortcut(shortcut: Shortcut, handler: (event: KeyboardEvent) => void, { allowInInputs = false }: { allowInInputs?: boolean } = {}): () => void {
  const entry: Registered = { id: nextId++, shortcut, steps: parseShortcut(shortcut.keys), allowInInputs, handler };
  registered = [...registered, entry];
  if (!listening && typeof window !== 'undefined') {
    window.addEventListener('keydown', onKeyDown, true);
    listening = true;
  }
  notify();
  return () => {
    registered = registered.filter((r) => r !== entry);
    notify();
  };
}

/** Binds `shortcut` to `handler` while the calling component is mounted (and `enabled`). */
export function useShortcut(shortcut: Shortcut, handler: (event: KeyboardEvent) => void, options?: { enabled?: boolean; allowInInputs?: boolean }): void {
  const { enabled = true, allowInInputs = false } = options ?? {};
  const latest = useLatest(handler);
  const { keys, description, group } = shortcut;
  useEffect(() => {
    if (!enabled) return;
    return registerShortcut({ keys, description, group }, (event) => latest.current(event), { allowInInputs });
  }, [keys, description, group, enabled, allowInInputs, latest]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => registered;

/** The shortcuts registered now, each once (the latest registration of the same keys). */
export function useRegisteredShortcuts(): Shortcut[] {
  const all = useSyncExternalStore(subscribe, snapshot, snapshot);
  const byKeys = new Map<string, Shortcut>();
  for (const r of all) byKeys.set(r.shortcut.keys, r.shortcut);
  return [...byKeys.values()];
}

/** The groups the shell defines come first; a page's groups follow in the order they appeared. */
const GROUP_ORDER = ['General', 'Navigation'];

function groupShortcuts(shortcuts: Shortcut[]): [string, Shortcut[]][] {
  const groups = new Map<string, Shortcut[]>();
  for (const name of GROUP_ORDER) groups.set(name, []);
  for (const s of shortcuts) {
    const list = groups.get(s.group) ?? [];
    list.push(s);
    groups.set(s.group, list);
  }
  return [...groups].filter(([, list]) => list.length > 0);
}

/** The keys of one shortcut as `<kbd>`s: "Ctrl + Enter", "g then d". */
export function ShortcutKeys({ keys }: { keys: string }) {
  const steps = describeShortcut(keys, isMac());
  return (
    <span className="shortcut-keys">
      {steps.map((parts, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="shortcut-keys__then"> then </span>}
          {parts.map((part, j) => (
            <Fragment key={j}>
              {j > 0 && <span className="shortcut-keys__plus">+</span>}
              <kbd>{part}</kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </span>
  );
}

/** The `?` overlay: every shortcut that works on this page now, by group. */
export function ShortcutHelpDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const shortcuts = useRegisteredShortcuts();
  return (
    <ModalDialog
      open={open}
      title="Keyboard shortcuts"
      onCancel={onClose}
      className="shortcut-help"
      testId="shortcut-help"
      headerEnd={
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      }
    >
      {open && (
        <div className="shortcut-help__groups">
          {groupShortcuts(shortcuts).map(([group, list]) => (
            <section key={group} className="shortcut-help__group" aria-label={group}>
              <h3>{group}</h3>
              <dl>
                {list.map((s) => (
                  <div key={s.keys} className="shortcut-help__row">
                    <dt>
                      <ShortcutKeys keys={s.keys} />
                    </dt>
                    <dd>{s.description}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      )}
      <p className="hint">Shortcuts without Ctrl or Alt do not act while you type in a field or an editor.</p>
    </ModalDialog>
  );
}
