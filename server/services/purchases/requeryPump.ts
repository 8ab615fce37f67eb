import { askAboutOrphans, claimPurchasesDue, type RequeryDeps, requeryOne } from "./requeryWorker";

/** One provider's share of the pump: requeries out now, and whether its last claim found more than it took. */
interface ProviderLane {
  asking: number;
  filling: boolean;
  /** A requery ended while the lane was claiming: claim again once that is done. */
  again: boolean;
  /** The last claim was full: more may be due, so each answer that frees a place claims again. */
  more: boolean;
}

/**
 * Settles pending purchases as fast as the providers answer: for each provider, up to
 * `REQUERY_CONCURRENCY` requeries out at once, and as answers free places (a quarter of them at a
 * time) the next due purchases are claimed while there are more, so a backlog of a thousand drains at
 * the providers' pace, not a batch per tick. Each `run` (at start, then every REQUERY_INTERVAL_MS)
 * first makes due the purchases of instances no longer alive, then fills every provider's free places.
 * Claims are in the database, so several instances share the work and never ask about one purchase at
 * the same time.
 */
export function startRequeryPump(deps: RequeryDeps) {
  const limit = deps.config.requeryConcurrency;
  // Claimed a few at a time rather than one per answer: a claim is a statement, and on PGlite the
  // statements share the thread that serves requests.
  const refillAt = Math.max(1, Math.ceil(limit / 4));
  const lanes = new Map<string, ProviderLane>();
  /** Requeries out now. */
  const out = new Set<Promise<void>>();
  /** Claims under way: a stop waits for them too, and for the requeries they start. */
  const claiming = new Set<Promise<void>>();
  let stopped = false;

  const laneOf = (provider: string) => {
    let lane = lanes.get(provider);
    if (!lane) {
      lane = { asking: 0, filling: false, again: false, more: false };
      lanes.set(provider, lane);
    }
    return lane;
  };

  function ask(
    provider: string,
    lane: ProviderLane,
    row: Awaited<ReturnType<typeof claimPurchasesDue>>[number],
  ) {
    lane.asking += 1;
    const asked: Promise<void> = requeryOne(deps, row, "requery").then(
      () => {},
      (error: unknown) => {
        deps.logger.error(
          { reference: row.reference, err: error },
          "requery failed; asked again after its lease",
        );
      },
    );
    out.add(asked);
    void asked.finally(() => {
      out.delete(asked);
      lane.asking -= 1;
      if (lane.more && limit - lane.asking >= refillAt) void fill(provider);
    });
  }

  /** Claims as many due purchases as the provider has free places for, again while answers free more. */
  function fill(provider: string): Promise<void> {
    const filled = claimFor(provider);
    claiming.add(filled);
    void filled.finally(() => claiming.delete(filled));
    return filled;
  }

  async function claimFor(provider: string): Promise<void> {
    const lane = laneOf(provider);
    if (lane.filling) {
      lane.again = true;
      return;
    }
    lane.filling = true;
    try {
      do {
        lane.again = false;
        const free = limit - lane.asking;
        if (stopped || free <= 0) return;
        const claimed = await claimPurchasesDue(deps, provider, free);
        lane.more = claimed.length === free;
        for (const row of claimed) ask(provider, lane, row);
      } while (lane.again && lane.more);
    } catch (error) {
      deps.logger.error({ provider, err: error }, "could not claim pending purchases; trying again next run");
    } finally {
      lane.filling = false;
    }
  }

  return {
    /** Asks at once about a dead instance's purchases, then fills every provider's free places. */
    async run(): Promise<void> {
      if (stopped) return;
      const adopted = await askAboutOrphans(deps);
      if (adopted > 0)
        deps.logger.warn(
          { purchases: adopted },
          "asking now about purchases no living instance is waiting on",
        );
      await Promise.all(deps.providers.list.map((provider) => fill(provider.name)));
    },
    /** Claims nothing more; resolves once every requery out has been answered and settled. */
    async stop(): Promise<void> {
      stopped = true;
      while (out.size > 0 || claiming.size > 0) await Promise.all([...out, ...claiming]);
    },
  };
}

export type RequeryPump = ReturnType<typeof startRequeryPump>;
