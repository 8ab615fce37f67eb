import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import type { apiKeys } from "../../db/schema";
import type { Refusal } from "../../refusal";
import { countKeyCall, keyRateLimited, retryAfterSeconds } from "./keyRateLimit";

type KeyLimits = Pick<typeof apiKeys.$inferSelect, "id" | "ratePerSecond" | "burst">;

/**
 * A keyed request's call, counted against the key's rate limit exactly once however the request
 * ends: by the statement that found the key (a read), by a purchase's hold, or else as the purchase,
 * or the request, ends. It is made by the key's check (services/resellers/apiCallers.ts) and carried
 * with the caller, and every count goes through it: whichever statement answers first has counted
 * the call, let in or not, and no later one counts it again.
 */
export class KeyCall {
  #counted: boolean;

  constructor(
    private readonly deps: { db: Database; clock: Clock },
    readonly key: KeyLimits,
    countedByCheck: boolean,
  ) {
    this.#counted = countedByCheck;
  }

  /**
   * Runs `statement`, told whether it must count the call too (the purchase's hold does, in the
   * statement that holds the money); once it has answered, the call is counted. A statement that
   * fails counted nothing, so the call is still to be counted.
   */
  async countedBy<T>(statement: (count: boolean) => Promise<T>): Promise<T> {
    const answer = await statement(!this.#counted);
    this.#counted = true;
    return answer;
  }

  /**
   * Counts the call now, unless it is counted already: a purchase that ended before its hold (a
   * replay, a refusal on the way) costs a call all the same, and over the limit it is refused.
   */
  async count(): Promise<void> {
    const now = this.deps.clock.now();
    if (!(await this.countedBy((count) => this.#countNow(count, now)))) throw this.overLimit(now, now);
  }

  /** As the request ends, its answer given: counted if nothing counted it (over the limit or not). */
  async end(): Promise<void> {
    await this.countedBy((count) => this.#countNow(count, this.deps.clock.now()));
  }

  /** The refusal of a call over the key's limit, from where its bucket stood (`bucket_at`). */
  overLimit(bucketAt: Date | null, now: Date): Refusal {
    return keyRateLimited(retryAfterSeconds({ ...this.key, bucketAt }, now));
  }

  #countNow(count: boolean, now: Date): Promise<boolean> {
    return count ? countKeyCall(this.deps.db, this.key.id, now) : Promise.resolve(true);
  }
}
