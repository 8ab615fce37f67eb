import { eq } from "drizzle-orm";
import type { ProviderSettingsBody, ProviderStatus } from "../../schemas/operations";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { operatorSettings } from "../db/schema";
import type { Provider } from "../outside/provider";
import type { ProviderSet } from "../outside/providerSet";
import { recordAudit } from "./audit";
import type { Actor } from "./catalogueAdmin";
import { listProviderAlerts } from "./providerAlerts";

type Deps = {
  db: Database;
  clock: Clock;
  provider: Provider;
  providers: ProviderSet;
  config: { simulators: boolean };
};

/** The balance is read at most once a minute: dashboards reload often, and each read is a call to VTpass. */
const balanceFreshMs = 60_000;
const lastBalance = new WeakMap<Provider, { at: number; balance: number | null; error: string | null }>();

async function balanceOf(deps: Deps) {
  const now = deps.clock.now().getTime();
  const known = lastBalance.get(deps.provider);
  if (known && now - known.at < balanceFreshMs) return known;
  let read: { at: number; balance: number | null; error: string | null };
  try {
    read = { at: now, balance: await deps.provider.balance(), error: null };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    read = { at: now, balance: null, error: `Could not read the balance: ${said}`.slice(0, 300) };
  }
  lastBalance.set(deps.provider, read);
  return read;
}

async function settings(db: Database) {
  const [row] = await db.select().from(operatorSettings).where(eq(operatorSettings.id, 1));
  return row ?? { providerLowBalance: 5_000_000 };
}

/** The business's wallet at the provider against the admin's threshold, and any account alerts. */
export async function providerStatus(deps: Deps): Promise<ProviderStatus> {
  const [read, current, alerts] = await Promise.all([
    balanceOf(deps),
    settings(deps.db),
    listProviderAlerts(deps.db, deps.providers.labelOf),
  ]);
  return {
    provider: deps.provider.name,
    provider_label: deps.provider.label,
    simulated: deps.config.simulators,
    balance: read.balance,
    balance_error: read.error,
    checked_at: new Date(read.at).toISOString(),
    low_balance_threshold: current.providerLowBalance,
    low: read.balance !== null && read.balance < current.providerLowBalance,
    alerts,
  };
}

export async function setProviderSettings(deps: Deps, actor: Actor, body: ProviderSettingsBody) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(operatorSettings).where(eq(operatorSettings.id, 1)).for("update");
    const now = deps.clock.now();
    await tx
      .insert(operatorSettings)
      .values({
        id: 1,
        providerLowBalance: body.low_balance_threshold,
        updatedAt: now,
        updatedBy: actor.user.id,
      })
      .onConflictDoUpdate({
        target: operatorSettings.id,
        set: { providerLowBalance: body.low_balance_threshold, updatedAt: now, updatedBy: actor.user.id },
      });
    await recordAudit(tx, deps.clock, {
      actorId: actor.user.id,
      action: "settings.update",
      targetType: "provider",
      targetId: deps.provider.name,
      before: { low_balance_threshold: before?.providerLowBalance ?? null },
      after: { low_balance_threshold: body.low_balance_threshold },
      ip: actor.ip,
    });
  });
  return providerStatus(deps);
}
