import { LRUCache } from "lru-cache";

interface Snapshot<T> {
  record: T;
  readAt: number;
}

/**
 * Records this instance has read lately, by a key (a token's or an API key's hash), each answered
 * from for at most `maxAgeMs`, all forgotten at once by `forgetAll`. A read that began before a
 * `forgetAll` is not kept: it may have found the row as it was before the change was written.
 */
export function recentRecords<T>(maxAgeMs: number, max = 10_000) {
  const snapshots = new LRUCache<string, Snapshot<T>>({ max });
  let generation = 0;
  return {
    enabled: maxAgeMs > 0,
    /** The record as read less than `maxAgeMs` ago, if it was. */
    fresh(key: string, now: number): T | undefined {
      const snapshot = snapshots.get(key);
      if (!snapshot) return undefined;
      if (now - snapshot.readAt < maxAgeMs && now >= snapshot.readAt) return snapshot.record;
      snapshots.delete(key);
      return undefined;
    },
    /** Where a read starts: what `keep` checks that nothing was forgotten since. */
    mark: () => generation,
    keep(key: string, record: T, readAt: number, mark: number) {
      if (maxAgeMs > 0 && mark === generation) snapshots.set(key, { record, readAt });
    },
    /** This instance's own change to a record it keeps (its read time stays). */
    update(key: string, change: (record: T) => T) {
      const snapshot = snapshots.get(key);
      if (snapshot) snapshot.record = change(snapshot.record);
    },
    forgetAll() {
      generation += 1;
      snapshots.clear();
    },
  };
}

export type RecentRecords<T> = ReturnType<typeof recentRecords<T>>;
