import { useRef } from "react";

/**
 * A guard for a money-moving or once-only button. A double click lands both clicks before React can
 * redraw the button as disabled, so the disabled attribute alone would let the second through.
 */
export function useOnce() {
  const busy = useRef(false);
  return async function once<T>(action: () => Promise<T>): Promise<T | undefined> {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await action();
    } finally {
      busy.current = false;
    }
  };
}
