import { useMemo, useSyncExternalStore } from 'react';
import { parseHash, type HashRoute } from './hash-route';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

const currentHash = () => window.location.hash;

/** The current hash route; re-renders on every hash change. */
export function useHashRoute(): HashRoute {
  const hash = useSyncExternalStore(subscribe, currentHash);
  return useMemo(() => parseHash(hash), [hash]);
}

/** Go to a hash (`#/documents?…`); `replace` keeps the back button out of it. */
export function navigate(hash: string, { replace = false } = {}): void {
  if (replace) {
    window.history.replaceState(window.history.state, '', hash);
    // replaceState does not fire hashchange; subscribers still need to hear about it.
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = hash;
  }
}
