import { THEME_CHOICES, type ThemeChoice } from '../lib/theme';
import { setThemeChoice, useThemeChoice } from '../lib/use-theme';

/** System, Light or Dark, in the header; remembered for every page of the origin. */
export function ThemeSelect() {
  const choice = useThemeChoice();
  return (
    <label className="theme-select">
      <span className="theme-select__label">Theme</span>
      <select className="input input--compact" value={choice} onChange={(e) => setThemeChoice(e.target.value as ThemeChoice)} data-testid="theme-select">
        {THEME_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
