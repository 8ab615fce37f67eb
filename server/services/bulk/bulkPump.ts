import type { Database } from "../../db/database";
import { type ClaimedRow, claimRows } from "./bulkClaims";
import { type BulkDeps, placeRow } from "./bulkPlacing";

/** The running pump of each database handle: a batch just started wakes it (`wakeBulkPump`). */
const pumps = new WeakMap<Database, { run(): Promise<void> }>();

/**
 * Buys batches' rows as the providers answer: up to `BULK_CONCURRENCY` rows placed at once by this
 * instance (each provider's own bounds still apply to its purchases), the next claimed as each ends
 * while more are queued. Each `run` (every background run, and when a batch starts here) claims what
 * there is room for; rows are claimed in the database, so instances share a batch and never place one
 * row at the same time.
 */
export function startBulkPump(deps: BulkDeps) {
  const limit = deps.config.bulkConcurrency;
  const out = new Set<Promise<void>>();
  let filling: Promise<void> | null = null;
  let again = false;
  let more = false;
  let stopped = false;

  function place(row: ClaimedRow) {
    const placed: Promise<void> = placeRow(deps, row).catch((error: unknown) => {
      deps.logger.error(
        { batch: row.batchId, row: row.row, err: error },
        "placing a bulk row failed; tried again after its lease",
      );
    });
    out.add(placed);
    void placed.finally(() => {
      out.delete(placed);
      if (more) void fill();
    });
  }

  /** Claims while there is room and the last claim was full; one claim under way at a time. */
  async function claimWhileRoom(): Promise<void> {
    try {
      do {
        again = false;
        const free = limit - out.size;
        if (stopped || free <= 0) return;
        const claimed = await claimRows(deps, free);
        more = claimed.length === free;
        for (const row of claimed) place(row);
      } while (again && more);
    } catch (error) {
      deps.logger.error({ err: error }, "could not claim bulk rows; trying again next run");
    }
  }

  function fill(): Promise<void> {
    if (filling) {
      again = true;
      return filling;
    }
    const claiming = claimWhileRoom();
    filling = claiming;
    // Cleared once it has ended, never before it is set: a claim with no room ends at once.
    void claiming.finally(() => {
      if (filling === claiming) filling = null;
    });
    return claiming;
  }

  const pump = {
    run: fill,
    /** Claims nothing more; resolves once every row out has been placed. */
    async stop(): Promise<void> {
      stopped = true;
      while (out.size > 0 || filling) await Promise.all([...out, filling]);
    },
  };
  pumps.set(deps.db, pump);
  return pump;
}

export type BulkPump = ReturnType<typeof startBulkPump>;

/** A batch was just started: the pump of this process (if it runs one) claims its rows now, not next run. */
export function wakeBulkPump(db: Database): void {
  void pumps.get(db)?.run();
}
