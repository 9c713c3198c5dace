/**
 * The console's colour theme: the person's choice (System, Light or Dark), remembered in
 * localStorage, and the theme it comes to. The choice is applied as `<html data-theme>` — absent
 * for System, so styles.css's `color-scheme: light dark` follows the system — by an inline script in index.html
 * before the first paint, and by use-theme.ts afterwards
 * (docs/decisions/0036-console-shell-theme-shortcuts-progress.md).
 */

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

/** The localStorage key; index.html's inline script reads the same one. */
export const THEME_STORAGE_KEY = 'tabula.theme';

export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** What was stored, or System for nothing or anything unknown. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  return choice === 'system' ? (systemPrefersDark ? 'dark' : 'light') : choice;
}

/** The value of `<html data-theme>`: none for System, so the system's setting decides. */
export function themeAttribute(choice: ThemeChoice): Theme | null {
  return choice === 'system' ? null : choice;
}

/** The shortcut's toggle: to the other of the two themes shown now, as an explicit choice. */
export function toggledTheme(shown: Theme): ThemeChoice {
  return shown === 'dark' ? 'light' : 'dark';
}
