import { useSyncExternalStore } from "react";
import type { CustomerApi } from "../../api/customerApi";

// How many notices the customer has not read: set by the bell (UnreadBadge) on each page, and by the
// inbox once it has marked what it shows read. Both load after their page draws, and so does this.
let count = 0;
const listeners = new Set<() => void>();

export const unreadNotices = {
  get: () => count,
  set(next: number) {
    count = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useUnreadNotices = () =>
  useSyncExternalStore(unreadNotices.subscribe, unreadNotices.get, () => 0);

/** The inbox showed every notice up to `upTo`: the server marks them read, and the bell shows what is left. */
export async function markNoticesRead(customer: CustomerApi, upTo: string) {
  const reads = await customer.noticeReads();
  unreadNotices.set((await reads.markRead({ up_to: upTo })).unread);
}
