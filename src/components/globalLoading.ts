import { useEffect, useSyncExternalStore } from "react";

// "Global loading" of spec section 2: on while any screen says it is busy, counted so two busy
// screens do not switch each other off.
let busy = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const globalLoading = {
  isOn: () => busy > 0,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start() {
    busy += 1;
    emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      busy -= 1;
      emit();
    };
  },
};

/** Turns the overlay on while `active` is true. */
export function useGlobalLoading(active: boolean) {
  useEffect(() => (active ? globalLoading.start() : undefined), [active]);
}

export function useGlobalLoadingOn() {
  return useSyncExternalStore(globalLoading.subscribe, globalLoading.isOn, globalLoading.isOn);
}
