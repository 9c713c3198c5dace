import { expect, test } from 'vitest';
import { parseThemeChoice, resolveTheme, themeAttribute, toggledTheme } from './theme';

test('a stored choice is read back; anything else is System', () => {
  expect(parseThemeChoice('dark')).toBe('dark');
  expect(parseThemeChoice('light')).toBe('light');
  expect(parseThemeChoice('system')).toBe('system');
  expect(parseThemeChoice(null)).toBe('system');
  expect(parseThemeChoice('Dark')).toBe('system');
});

test('System follows the system; an explicit choice does not', () => {
  expect(resolveTheme('system', true)).toBe('dark');
  expect(resolveTheme('system', false)).toBe('light');
  expect(resolveTheme('light', true)).toBe('light');
  expect(resolveTheme('dark', false)).toBe('dark');
});

test('System leaves <html data-theme> out so the media query decides', () => {
  expect(themeAttribute('system')).toBeNull();
  expect(themeAttribute('dark')).toBe('dark');
});

test('the toggle goes to the other theme from the one shown', () => {
  expect(toggledTheme('dark')).toBe('light');
  expect(toggledTheme('light')).toBe('dark');
});
