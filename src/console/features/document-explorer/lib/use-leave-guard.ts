import { useCallback, useEffect, useRef, useState } from 'react';
import { navigate } from '../../../lib/use-hash-route';
import { useWarnBeforeLeaving } from '../../query-options/lib/use-warn-before-leaving';

export interface LeaveGuard {
  /** The hash the person tried to go to, held back until they decide. */
  pending: string | undefined;
  /** Go there after all. */
  proceed(): void;
  /** Stay where they are. */
  stay(): void;
}

/**
 * While `active`, a move to a hash that `leaves` says leaves the current view is held back
 * and handed to the caller to ask about. A click on a link is stopped before the browser
 * follows it (the router reads the hash on any render, so the view could change before a
 * `hashchange` listener ran); other moves — the back button, shortcuts, code that navigates
 * — are caught by a `hashchange` listener in the capture phase, which runs before the
 * router's own (registered without capture), puts the current hash back and stops the event.
 * Closing or reloading the tab asks the browser's own question.
 */
export function useLeaveGuard(active: boolean, leaves: (nextHash: string) => boolean): LeaveGuard {
  const [pending, setPending] = useState<string>();
  const allowed = useRef<string | undefined>(undefined);
  const leavesRef = useRef(leaves);
  leavesRef.current = leaves;
  useWarnBeforeLeaving(active);

  useEffect(() => {
    if (!active) return;
    let current = window.location.hash;
    const onHashChange = (event: Event) => {
      const next = window.location.hash;
      if (allowed.current === next || !leavesRef.current(next)) {
        allowed.current = undefined;
        current = next;
        return;
      }
      event.stopImmediatePropagation();
      window.history.replaceState(window.history.state, '', current || '#/');
      setPending(next);
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = link?.getAttribute('href');
      if (!href?.startsWith('#') || link?.getAttribute('target') || href === window.location.hash || !leavesRef.current(href)) return;
      event.preventDefault();
      setPending(href);
    };
    window.addEventListener('hashchange', onHashChange, true);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('hashchange', onHashChange, true);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);

  const proceed = useCallback(() => {
    if (pending === undefined) return;
    allowed.current = pending;
    setPending(undefined);
    navigate(pending);
  }, [pending]);
  const stay = useCallback(() => setPending(undefined), []);
  return { pending, proceed, stay };
}
