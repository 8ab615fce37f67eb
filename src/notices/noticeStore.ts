import type { Notice } from "./noticeRules";

// One notice at a time for the Notifier; a tiny store so any screen can raise one without context.
let current: (Notice & { id: number }) | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

export const noticeStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show(notice: Omit<Notice, "status">) {
    current = { ...notice, status: true, id: nextId++ };
    for (const l of listeners) l();
  },
  hide() {
    current = null;
    for (const l of listeners) l();
  },
};
