import { formatHash } from '../lib/hash-route';
import { useShortcut } from '../lib/shortcuts';
import { toggledTheme } from '../lib/theme';
import { navigate } from '../lib/use-hash-route';
import { setThemeChoice, useTheme } from '../lib/use-theme';
import { routes, type AppRoute } from './routes';

/** The shortcuts of every page: the help, going to a page, and the theme. */
export function GlobalShortcuts({ onHelp }: { onHelp(): void }) {
  const theme = useTheme();
  useShortcut({ keys: '?', description: 'Show the keyboard shortcuts', group: 'General' }, onHelp);
  useShortcut({ keys: 'shift+t', description: `Switch to the ${theme === 'dark' ? 'light' : 'dark'} theme`, group: 'General' }, () => setThemeChoice(toggledTheme(theme)));
  return (
    <>
      {routes.map((route) => route.render && <GoTo key={route.path} route={route} />)}
    </>
  );
}

function GoTo({ route }: { route: AppRoute }) {
  useShortcut({ keys: `g ${route.key}`, description: `Go to ${route.label}`, group: 'Navigation' }, () => navigate(formatHash(route.path)));
  return null;
}
