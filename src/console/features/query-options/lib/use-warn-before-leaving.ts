import { useEffect } from 'react';

/** While `active`, closing or reloading the tab asks first (the browser words the question). */
export function useWarnBeforeLeaving(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
