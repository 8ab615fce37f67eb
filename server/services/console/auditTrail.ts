import { and, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction, AuditTarget } from "../../../schemas/admin";
import { humanise } from "../../../schemas/readable";
import type { Database } from "../../db/database";
import { containing } from "../../db/likePattern";
import { offsetOf, pageOf } from "../../db/paging";
import {
  auditLog,
  circulars,
  dataPlans,
  discos,
  identityContests,
  networks,
  notifications,
  transactions,
  tvPlans,
  tvProviders,
  users,
} from "../../db/schema";
import { rechargeCardName } from "../purchases/rechargeCards";

const actors = alias(users, "actor");
const targetUsers = alias(users, "target_user");
const claimants = alias(users, "claimant");

/** The audit log, newest first; `actor` matches part of the actor's email or name, `action` exactly. */
export async function listAudit(
  db: Database,
  query: { page: number; page_size: number; actor?: string | undefined; action?: AuditAction | undefined },
) {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actor) {
    const like = containing(query.actor);
    const any = or(
      ilike(users.email, like),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
    );
    if (any) conditions.push(any);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  // The page first, then what names each entry's target, in the same statement: one join per kind of
  // target over at most a page of rows, however many entries the page holds.
  const entries = db
    .select(getTableColumns(auditLog))
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.seq))
    .limit(query.page_size)
    .offset(offsetOf(query))
    .as("entries");
  // A target id is text whatever the table's key; it is read as that key only for its own kind, and
  // only when it has the key's form, so no entry can make the query fail.
  const uuidOf = (...types: string[]) =>
    sql`case when ${entries.targetType} in (${sql.join(
      types.map((type) => sql`${type}`),
      sql`, `,
    )}) and ${entries.targetId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${entries.targetId}::uuid end`;
  const numberOf = (...types: string[]) =>
    sql`case when ${entries.targetType} in (${sql.join(
      types.map((type) => sql`${type}`),
      sql`, `,
    )}) and ${entries.targetId} ~ '^[0-9]{1,9}$' then ${entries.targetId}::int end`;
  const rows = await db
    .select({
      entry: {
        id: entries.id,
        seq: entries.seq,
        action: entries.action,
        targetType: entries.targetType,
        targetId: entries.targetId,
        before: entries.before,
        after: entries.after,
        ip: entries.ip,
        createdAt: entries.createdAt,
      },
      actor: { id: actors.id, email: actors.email, firstName: actors.firstName, lastName: actors.lastName },
      names: {
        user: sql<string | null>`${targetUsers.firstName} || ' ' || ${targetUsers.lastName}`,
        userEmail: targetUsers.email,
        reference: transactions.reference,
        description: transactions.description,
        dataPlan: dataPlans.name,
        network: networks.name,
        networkId: networks.id,
        tvPlan: tvPlans.name,
        tvProvider: tvProviders.name,
        tvProviderId: tvProviders.id,
        disco: discos.name,
        notification: notifications.title,
        circular: circulars.title,
        claimant: sql<string | null>`${claimants.firstName} || ' ' || ${claimants.lastName}`,
        claimantEmail: claimants.email,
      },
    })
    .from(entries)
    .leftJoin(actors, eq(actors.id, entries.actorId))
    .leftJoin(targetUsers, sql`${targetUsers.id} = ${uuidOf("user")}`)
    .leftJoin(transactions, sql`${transactions.id} = ${uuidOf("transaction")}`)
    .leftJoin(dataPlans, sql`${dataPlans.id} = ${numberOf("data_plan")}`)
    // A network names its own controls, and a plan's network is where the plan is edited.
    .leftJoin(
      networks,
      sql`${networks.id} = coalesce(${numberOf("airtime_control", "data_network")}, ${dataPlans.networkId})`,
    )
    .leftJoin(tvPlans, sql`${tvPlans.id} = ${numberOf("tv_plan")}`)
    .leftJoin(
      tvProviders,
      sql`${tvProviders.id} = coalesce(${numberOf("tv_provider")}, ${tvPlans.providerId})`,
    )
    .leftJoin(discos, sql`${discos.id} = ${numberOf("disco")}`)
    .leftJoin(notifications, sql`${notifications.id} = ${uuidOf("notification")}`)
    .leftJoin(circulars, sql`${circulars.id} = ${uuidOf("circular")}`)
    .leftJoin(identityContests, sql`${identityContests.id} = ${uuidOf("identity_contest")}`)
    .leftJoin(claimants, eq(claimants.id, identityContests.claimantId))
    .orderBy(desc(entries.seq));
  return pageOf(
    query,
    total?.n,
    rows.map(({ entry, actor, names }) => ({
      id: entry.id,
      actor: actor
        ? { id: actor.id, email: actor.email, name: `${actor.firstName} ${actor.lastName}` }
        : null,
      action: entry.action,
      target: targetOf(entry, names),
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
      created_at: entry.createdAt.toISOString(),
    })),
  );
}

type Names = {
  [K in
    | "user"
    | "userEmail"
    | "reference"
    | "description"
    | "dataPlan"
    | "network"
    | "tvPlan"
    | "tvProvider"
    | "disco"
    | "notification"
    | "circular"
    | "claimant"
    | "claimantEmail"]: string | null;
} & { networkId: number | null; tvProviderId: number | null };

/** What the entry itself recorded of its target: how a plan deleted since is still named and linked. */
function recorded<T extends "string" | "number">(
  entry: { before: unknown; after: unknown },
  key: string,
  type: T,
): (T extends "string" ? string : number) | null {
  for (const state of [entry.before, entry.after]) {
    const value = (state as Record<string, unknown> | null)?.[key];
    if (typeof value === type) return value as T extends "string" ? string : number;
  }
  return null;
}

/**
 * How people name an entry's target: a transaction by its reference, a user by name (and email), a
 * catalogue row by its name; `parent_id` is the network or TV provider a plan is edited under. A
 * target gone since, or of a kind named by nothing, reads as its kind and id.
 */
function targetOf(
  entry: { targetType: string; targetId: string | null; before: unknown; after: unknown },
  names: Names,
): AuditTarget {
  const { targetType: type, targetId: id } = entry;
  const fallback = id ? `${humanise(type)} ${id}` : humanise(type);
  const target = (label: string | null, detail: string | null = null, parent: number | null = null) => ({
    type,
    id,
    label: label ?? fallback,
    detail,
    parent_id: parent,
  });
  // A plan gone since is named by what the audit recorded of it.
  const plan = (name: string | null, under: string | null, underId: number | null) =>
    target(
      name ?? recorded(entry, "name", "string"),
      under,
      underId ?? recorded(entry, "control_id", "number"),
    );
  switch (type) {
    case "transaction":
      return target(names.reference, names.description);
    case "user":
      return target(names.user, names.userEmail);
    case "airtime_control":
      return target(names.network && `${names.network} airtime`);
    case "data_network":
      return target(names.network && `${names.network} data`);
    case "data_plan":
      return plan(names.dataPlan, names.network, names.networkId);
    case "tv_provider":
      return target(names.tvProvider);
    case "tv_plan":
      return plan(names.tvPlan, names.tvProvider, names.tvProviderId);
    case "disco":
      return target(names.disco);
    case "exam_product":
      return target(recorded(entry, "name", "string"));
    case "recharge_card": {
      const network = recorded(entry, "network", "string");
      const value = recorded(entry, "denomination", "number");
      return target(network && value !== null ? rechargeCardName(network, value) : null);
    }
    case "notification":
      return target(names.notification);
    case "circular":
      return target(names.circular);
    case "identity_contest":
      return target(names.claimant && `Contest by ${names.claimant}`, names.claimantEmail);
    case "provider":
      return target(`Provider account (${id})`);
    case "route":
      return target(`Route ${id}`);
    case "kyc_limits":
      return target("KYC tier limits");
    case "price_level":
      return target(`Price level ${id}`);
    case "api_key": {
      const prefix = recorded(entry, "prefix", "string");
      return target(prefix && `API key ${prefix}…`, recorded(entry, "name", "string"));
    }
    case "emergency_mode":
      return target("Emergency mode");
    case "reconciliation":
      return target(`Reconciliation of ${id}`);
    default:
      return target(null);
  }
}
