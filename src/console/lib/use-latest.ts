import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds this render's `value`. CodeMirror extensions are built once
 * (rebuilding them would reset the editor), so they read the latest props through it.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
