/**
 * The theme as React state: the choice (shared by every component and every tab of the origin
 * through localStorage's `storage` event) and the theme shown now, which under System follows
 * the system's setting live. Pure parts: theme.ts.
 */
import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY, parseThemeChoice, resolveTheme, themeAttribute, type Theme, type ThemeChoice } from './theme';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage disabled: the choice lasts as long as the page.
    return parseThemeChoice(document.documentElement.dataset.theme);
  }
}

let choice: ThemeChoice = typeof document === 'undefined' ? 'system' : readChoice();

const darkQuery = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)');

function apply(next: ThemeChoice) {
  const attribute = themeAttribute(next);
  if (attribute) document.documentElement.dataset.theme = attribute;
  else delete document.documentElement.dataset.theme;
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage disabled: applied to this page only.
  }
  apply(next);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = darkQuery();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    choice = readChoice();
    apply(choice);
    notify();
  };
  media?.addEventListener('change', listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

const currentChoice = () => choice;
const currentTheme = (): Theme => resolveTheme(choice, darkQuery()?.matches ?? false);

/** System, Light or Dark, as chosen. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, currentChoice, () => 'system');
}

/** The theme shown now: what CodeMirror and the charts draw in. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
