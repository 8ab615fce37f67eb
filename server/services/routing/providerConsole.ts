import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { ProviderChangeBody, ProvidersOverview, RouteBody, RouteView } from "../../../schemas/providers";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { dataPlans, networks, providerOutcomes, providerRoutes, providerStates } from "../../db/schema";
import type { ProviderSet } from "../../outside/providerSet";
import { fieldRefusal, notFound } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { listProviderAlerts } from "./providerAlerts";
import { failuresInRow } from "./providerHealth";
import { ensureStates, healthWindowMs } from "./providerWatch";

type Deps = { db: Database; clock: Clock; providers: ProviderSet; config: { simulators: boolean } };

const planTypeWords: Record<string, string> = {
  sme: "SME",
  corporate_gifting: "corporate gifting",
  gifting: "gifting",
  direct: "network plans",
};

/** Every route staff may set, each as saved or as PROVIDERS' order where none was. */
async function routeViews(deps: Deps): Promise<RouteView[]> {
  const [saved, nets, types] = await Promise.all([
    deps.db.select().from(providerRoutes),
    deps.db.select({ id: networks.id, name: networks.name }).from(networks).orderBy(asc(networks.id)),
    deps.db
      .selectDistinct({ networkId: dataPlans.networkId, planType: dataPlans.planType })
      .from(dataPlans)
      .orderBy(asc(dataPlans.networkId), asc(dataPlans.planType)),
  ]);
  const defaults = deps.providers.list.map((provider) => provider.name);
  const view = (service: RouteView["service"], scope: string, label: string): RouteView => {
    const found = saved.find((r) => r.service === service && r.scope === scope);
    return { service, scope, label, providers: found?.providers ?? defaults, saved: Boolean(found) };
  };
  const nameOf = (id: number) => nets.find((n) => n.id === id)?.name ?? `Network ${id}`;
  return [
    view("airtime", "", "Airtime"),
    ...nets.map((n) => view("airtime", String(n.id), `${n.name} airtime`)),
    view("data", "", "Data"),
    ...nets.map((n) => view("data", String(n.id), `${n.name} data`)),
    ...types.map((t) =>
      view(
        "data",
        `${t.networkId}:${t.planType}`,
        `${nameOf(t.networkId)} data, ${planTypeWords[t.planType]}`,
      ),
    ),
    view("tv", "", "Cable TV"),
    view("electricity", "", "Electricity"),
    view("exam_pin", "", "Exam PINs"),
    view("recharge_pin", "", "Recharge cards"),
  ];
}

/** Each provider's standing, health over the window, balance and circuit; the routes; open alerts. */
export async function providersOverview(deps: Deps): Promise<ProvidersOverview> {
  await ensureStates(deps);
  const now = deps.clock.now();
  const o = providerOutcomes;
  const [states, health, routes, alerts] = await Promise.all([
    deps.db
      .select({
        state: providerStates,
        failuresInRow: failuresInRow(
          // Qualified by hand: Drizzle writes a column of the one table selected from unqualified.
          sql`${providerStates}.${sql.identifier(providerStates.provider.name)}`,
        ),
      })
      .from(providerStates),
    deps.db
      .select({
        provider: o.provider,
        successful: sql<number>`(count(*) filter (where ${o.outcome} = 'successful'))::int`,
        failed: sql<number>`(count(*) filter (where ${o.outcome} = 'failed'))::int`,
        unclear: sql<number>`(count(*) filter (where ${o.outcome} = 'unclear'))::int`,
        p50: sql<number | null>`(percentile_cont(0.5) within group (order by ${o.latencyMs}))::int`,
        p95: sql<number | null>`(percentile_cont(0.95) within group (order by ${o.latencyMs}))::int`,
      })
      .from(o)
      .where(gte(o.at, new Date(now.getTime() - healthWindowMs)))
      .groupBy(o.provider),
    routeViews(deps),
    listProviderAlerts(deps.db, deps.providers.labelOf),
  ]);
  return {
    simulated: deps.config.simulators,
    providers: deps.providers.list.map((provider) => {
      const found = states.find((s) => s.state.provider === provider.name);
      const state = found?.state;
      const seen = health.find((h) => h.provider === provider.name);
      const openUntil = state?.circuitOpenUntil ?? null;
      const answered = (seen?.successful ?? 0) + (seen?.failed ?? 0) + (seen?.unclear ?? 0);
      return {
        name: provider.name,
        label: provider.label,
        switched_off: state?.switchedOff ?? false,
        circuit: {
          state: !openUntil ? "closed" : openUntil > now ? "open" : "probing",
          failures_in_row: found?.failuresInRow ?? 0,
          open_until: openUntil?.toISOString() ?? null,
          failures_to_open: state?.circuitFailures ?? 5,
          open_minutes: state?.circuitMinutes ?? 5,
        },
        balance: state?.balance ?? null,
        balance_checked_at: state?.balanceCheckedAt?.toISOString() ?? null,
        balance_error: state?.balanceError ?? null,
        low_balance_warning: state?.lowBalanceWarning ?? 5_000_000,
        low: state?.balance != null && state.balance < state.lowBalanceWarning,
        min_success_percent: state?.minSuccessPercent ?? 0,
        health: {
          window_minutes: healthWindowMs / 60_000,
          successful: seen?.successful ?? 0,
          failed: seen?.failed ?? 0,
          unclear: seen?.unclear ?? 0,
          success_percent: answered ? Math.floor(((seen?.successful ?? 0) * 100) / answered) : null,
          p50_ms: seen?.p50 ?? null,
          p95_ms: seen?.p95 ?? null,
        },
      };
    }),
    routes,
    alerts,
  };
}

/** Staff's change to one provider, audited in the same transaction. */
export async function changeProvider(deps: Deps, actor: Actor, name: string, body: ProviderChangeBody) {
  if (!deps.providers.has(name)) throw notFound("OjaPay does not buy from that provider.");
  await ensureStates(deps);
  await deps.db.transaction(async (tx) => {
    const s = providerStates;
    const [before] = await tx.select().from(s).where(eq(s.provider, name)).for("update");
    if (!before) throw notFound("OjaPay does not buy from that provider.");
    const set = {
      ...(body.switched_off !== undefined && { switchedOff: body.switched_off }),
      ...(body.low_balance_warning !== undefined && { lowBalanceWarning: body.low_balance_warning }),
      ...(body.min_success_percent !== undefined && { minSuccessPercent: body.min_success_percent }),
      ...(body.circuit_failures !== undefined && { circuitFailures: body.circuit_failures }),
      ...(body.circuit_minutes !== undefined && { circuitMinutes: body.circuit_minutes }),
      // Failures in a row count afresh from now (providerHealth.ts).
      ...(body.close_circuit && { circuitOpenUntil: null, circuitCountedFrom: deps.clock.now() }),
      updatedAt: deps.clock.now(),
    };
    const [after] = await tx.update(s).set(set).where(eq(s.provider, name)).returning();
    const audited = (row: typeof before) => ({
      provider_off: row.switchedOff,
      low_balance_warning: row.lowBalanceWarning,
      min_success_percent: row.minSuccessPercent,
      circuit_failures: row.circuitFailures,
      circuit_minutes: row.circuitMinutes,
      circuit_open: row.circuitOpenUntil !== null,
    });
    await recordAuditBy(tx, deps.clock, actor, {
      action: "provider.update",
      targetType: "provider",
      targetId: name,
      before: audited(before),
      after: audited(after ?? before),
    });
  });
  return providersOverview(deps);
}

/** A route saved in order (an empty list goes back to PROVIDERS' order), audited. */
export async function saveRoute(deps: Deps, actor: Actor, body: RouteBody) {
  const unknown = body.providers.find((name) => !deps.providers.has(name));
  if (unknown) throw fieldRefusal("providers", `OjaPay does not buy from "${unknown}".`);
  const [networkPart, planType] = body.scope.split(":");
  if (planType && body.service !== "data") throw fieldRefusal("scope", "Only data routes go by plan type.");
  if (networkPart) {
    if (body.service !== "airtime" && body.service !== "data")
      throw fieldRefusal("scope", "Only airtime and data routes go by network.");
    const [net] = await deps.db
      .select({ id: networks.id })
      .from(networks)
      .where(eq(networks.id, Number(networkPart)));
    if (!net) throw fieldRefusal("scope", "No such network.");
  }
  await deps.db.transaction(async (tx) => {
    const r = providerRoutes;
    const where = and(eq(r.service, body.service), eq(r.scope, body.scope));
    const [before] = await tx.select().from(r).where(where).for("update");
    if (body.providers.length === 0) await tx.delete(r).where(where);
    else
      await tx
        .insert(r)
        .values({ ...body, updatedAt: deps.clock.now(), updatedBy: actor.user.id })
        .onConflictDoUpdate({
          target: [r.service, r.scope],
          set: { providers: body.providers, updatedAt: deps.clock.now(), updatedBy: actor.user.id },
        });
    await recordAuditBy(tx, deps.clock, actor, {
      action: "route.update",
      targetType: "route",
      targetId: `${body.service}:${body.scope}`,
      before: { providers: before?.providers ?? null },
      after: { providers: body.providers.length ? body.providers : null },
    });
  });
  return providersOverview(deps);
}
