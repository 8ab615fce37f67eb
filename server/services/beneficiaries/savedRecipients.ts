import { and, asc, eq, sql } from "drizzle-orm";
import { type Beneficiary, type BeneficiaryBody, maxBeneficiaries } from "../../../schemas/beneficiaries";
import type { Clock } from "../../clock";
import type { Database, Queryable } from "../../db/database";
import { beneficiaries, discos, networks, transactions, tvProviders } from "../../db/schema";
import { fieldRefusal, notFound, Refusal } from "../../refusal";
import { lockCustomer } from "../accounts/customerLock";

type Row = typeof beneficiaries.$inferSelect;

/** The name of the row's network, TV provider or disco, read with it. */
const target = sql<string>`coalesce(${networks.name}, ${tvProviders.name}, ${discos.name}, '')`;

/**
 * The name the customer's latest purchase for this smartcard or meter was made to: buying checks the
 * number with the provider again, so a purchase is a verification too (the wizard's verify step,
 * verifiedNames.ts, is the other). A phone has none.
 */
const lastPurchase = sql<{ name: string; at: string } | null>`(
  select jsonb_build_object('name', t.customer_name, 'at', t.created_at) from ${transactions} t
  where t.user_id = ${beneficiaries.userId} and t.recipient = ${beneficiaries.number}
    and t.kind = case ${beneficiaries.kind} when 'smartcard' then 'tv' when 'meter' then 'electricity' end
    and t.customer_name <> ''
  order by t.created_at desc limit 1)`;

function selectViews(db: Queryable) {
  return db
    .select({ row: beneficiaries, target, lastPurchase })
    .from(beneficiaries)
    .leftJoin(networks, eq(networks.id, beneficiaries.networkId))
    .leftJoin(tvProviders, eq(tvProviders.id, beneficiaries.providerId))
    .leftJoin(discos, eq(discos.id, beneficiaries.discoId));
}

function viewOf({
  row,
  target,
  lastPurchase,
}: {
  row: Row;
  target: string;
  lastPurchase: { name: string; at: string } | null;
}): Beneficiary {
  const bought = lastPurchase && new Date(lastPurchase.at);
  const checked =
    bought && (!row.verifiedAt || bought > row.verifiedAt)
      ? { name: lastPurchase.name, at: bought }
      : { name: row.verifiedName, at: row.verifiedAt };
  return {
    id: row.id,
    nickname: row.nickname,
    kind: row.kind,
    number: row.number,
    network_id: row.networkId,
    provider_id: row.providerId,
    disco_id: row.discoId,
    meter_type: row.meterType,
    target,
    verified_name: checked.name,
    verified_at: checked.at?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listBeneficiaries(db: Queryable, userId: string): Promise<Beneficiary[]> {
  const rows = await selectViews(db)
    .where(eq(beneficiaries.userId, userId))
    .orderBy(asc(sql`lower(${beneficiaries.nickname})`), asc(beneficiaries.createdAt));
  return rows.map(viewOf);
}

/** One of the customer's own; another's is not found, as one that never was. */
async function viewById(db: Queryable, userId: string, id: string): Promise<Beneficiary> {
  const [found] = await selectViews(db).where(
    and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)),
  );
  if (!found) throw notFound("No such saved recipient.");
  return viewOf(found);
}

/** The body's target as columns, refused by field when the catalogue has no such network, provider or disco. */
async function targetColumns(db: Queryable, body: BeneficiaryBody) {
  switch (body.kind) {
    case "phone": {
      const [found] = await db
        .select({ id: networks.id })
        .from(networks)
        .where(eq(networks.id, body.network_id));
      if (!found) throw fieldRefusal("network_id", "Choose a network.");
      return { networkId: body.network_id };
    }
    case "smartcard": {
      const [found] = await db
        .select({ id: tvProviders.id })
        .from(tvProviders)
        .where(eq(tvProviders.id, body.provider_id));
      if (!found) throw fieldRefusal("provider_id", "Choose a TV provider.");
      return { providerId: body.provider_id };
    }
    case "meter": {
      const [found] = await db.select({ id: discos.id }).from(discos).where(eq(discos.id, body.disco_id));
      if (!found) throw fieldRefusal("disco_id", "Choose a distribution company.");
      return { discoId: body.disco_id, meterType: body.meter_type };
    }
  }
}

const alreadySaved = () =>
  new Refusal("already_exists", "You have saved this number already.", {
    fields: { number: ["You have saved this number already."] },
  });

/**
 * A new saved recipient. The customer's row is locked while their recipients are counted, so
 * parallel saves cannot pass the limit together; the same number for the same target is a 409
 * (docs/decisions.md: a duplicate is refused, not updated).
 */
export async function createBeneficiary(
  deps: { db: Database; clock: Clock },
  userId: string,
  body: BeneficiaryBody,
): Promise<Beneficiary> {
  const columns = await targetColumns(deps.db, body);
  const id = await deps.db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const [{ saved } = { saved: 0 }] = await tx
      .select({ saved: sql<number>`count(*)::int` })
      .from(beneficiaries)
      .where(eq(beneficiaries.userId, userId));
    if (saved >= maxBeneficiaries)
      throw new Refusal(
        "not_allowed",
        `You have ${maxBeneficiaries} saved recipients already. Delete one you no longer use first.`,
      );
    const [created] = await tx
      .insert(beneficiaries)
      .values({
        userId,
        nickname: body.nickname,
        kind: body.kind,
        number: body.number,
        ...columns,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: beneficiaries.id });
    if (!created) throw alreadySaved();
    return created.id;
  });
  return viewById(deps.db, userId, id);
}

export async function renameBeneficiary(
  db: Queryable,
  userId: string,
  id: string,
  nickname: string,
): Promise<Beneficiary> {
  const [renamed] = await db
    .update(beneficiaries)
    .set({ nickname })
    .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
    .returning({ id: beneficiaries.id });
  if (!renamed) throw notFound("No such saved recipient.");
  return viewById(db, userId, id);
}

export async function deleteBeneficiary(db: Queryable, userId: string, id: string): Promise<Beneficiary> {
  const view = await viewById(db, userId, id);
  const [gone] = await db
    .delete(beneficiaries)
    .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
    .returning({ id: beneficiaries.id });
  if (!gone) throw notFound("No such saved recipient.");
  return view;
}
