import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { formatNaira } from "../../../schemas/money";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { providerAlerts, providerOutcomes, providerStates } from "../../db/schema";
import type { ProviderSet } from "../../outside/providerSet";
import { raiseProviderAlert } from "./providerAlerts";

type Deps = { db: Database; clock: Clock; providers: ProviderSet };

/** The window health is judged over, and the fewest answers in it that say anything. */
export const healthWindowMs = 30 * 60_000;
const fewestAnswers = 5;
/** How often each provider's balance is read, by whichever instance claims it first. */
export const balanceEveryMs = 3 * 60_000;
const outcomesKeptMs = 24 * 3_600_000;

/** Each provider's row, made on first need with the defaults. */
export async function ensureStates(deps: Pick<Deps, "db" | "providers">) {
  const rows = deps.providers.list.map((provider) => ({ provider: provider.name }));
  await deps.db.insert(providerStates).values(rows).onConflictDoNothing();
}

/** The share of the window's answers each provider delivered, for routing's success-rate rule. */
export async function judgeHealth(deps: Deps): Promise<void> {
  const since = new Date(deps.clock.now().getTime() - healthWindowMs);
  const o = providerOutcomes;
  const counts = await deps.db
    .select({
      provider: o.provider,
      answers: sql<number>`count(*)::int`,
      delivered: sql<number>`(count(*) filter (where ${o.outcome} = 'successful'))::int`,
    })
    .from(o)
    .where(gte(o.at, since))
    .groupBy(o.provider);
  for (const provider of deps.providers.list) {
    const seen = counts.find((c) => c.provider === provider.name);
    const percent =
      seen && seen.answers >= fewestAnswers ? Math.floor((seen.delivered * 100) / seen.answers) : null;
    await deps.db
      .update(providerStates)
      .set({ successPercent: percent })
      .where(eq(providerStates.provider, provider.name));
  }
  await deps.db.delete(o).where(lt(o.at, new Date(deps.clock.now().getTime() - outcomesKeptMs)));
}

/**
 * Reads each provider's balance when its last reading is `balanceEveryMs` old: the instance whose
 * UPDATE moves the reading time on asks, so several instances do not all ask. Below the provider's
 * warning level staff are alerted (and routing already skips it for anything costing more).
 */
export async function watchBalances(deps: Deps): Promise<number> {
  await ensureStates(deps);
  const now = deps.clock.now();
  const due = new Date(now.getTime() - balanceEveryMs);
  let read = 0;
  for (const provider of deps.providers.list) {
    const s = providerStates;
    const [claimed] = await deps.db
      .update(s)
      .set({ balanceCheckedAt: now })
      .where(and(eq(s.provider, provider.name), or(isNull(s.balanceCheckedAt), lt(s.balanceCheckedAt, due))))
      .returning({ warning: s.lowBalanceWarning });
    if (!claimed) continue;
    read += 1;
    try {
      const balance = await provider.balance();
      await deps.db.update(s).set({ balance, balanceError: null }).where(eq(s.provider, provider.name));
      if (balance < claimed.warning) {
        const words = `The balance read ${formatNaira(balance)}, below the warning level of ${formatNaira(claimed.warning)}.`;
        await raiseProviderAlert(deps.db, deps.clock, provider.name, "low_balance", words);
      } else {
        await deps.db
          .delete(providerAlerts)
          .where(and(eq(providerAlerts.provider, provider.name), eq(providerAlerts.kind, "low_balance")));
      }
    } catch (error) {
      const said = error instanceof Error ? error.message : String(error);
      await deps.db
        .update(s)
        .set({ balanceError: `Could not read the balance: ${said}`.slice(0, 300) })
        .where(eq(s.provider, provider.name));
    }
  }
  return read;
}
