import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database";
import { priceLevels, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { messages, Refusal } from "../../refusal";
import { canTransactInSql } from "../people/profiles";
import type { HoldAnswer } from "./holdCall";
import { restricted } from "./purchaseRules";

/** The buyer as the hold's own statement found them: what the money depends on. */
export interface OwnerAtHold {
  active: boolean;
  mayTransact: boolean;
  kycTier: number;
  level: string;
  apiAccess: boolean;
}

/**
 * The buyer's row and level, read by the statement that holds the money (a step of it, `owner`): the
 * account the purchase was checked, priced and limited by may be what this instance read up to
 * `READ_CACHE_MS` ago (a session's, a key's), and an admin may have changed it since on another.
 */
export function ownerRow(db: Queryable) {
  return db.$with("owner").as(
    db
      .select({
        active: users.isActive,
        mayTransact: canTransactInSql().as("may_transact"),
        kycTier: users.kycTier,
        level: users.priceLevel,
        apiAccess: priceLevels.apiAccess,
      })
      .from(users)
      .innerJoin(priceLevels, eq(priceLevels.slug, users.priceLevel))
      .where(eq(users.id, sql`${sql.placeholder("userId")}::uuid`)),
  );
}

type Owner = ReturnType<typeof ownerRow>;

/** What a hold answers: `purchase_hold`'s answer, or that the owner is no longer as the purchase read them. */
export type HoldOrChange = HoldAnswer | { outcome: "owner_changed"; owner: OwnerAtHold | null };

/** The owner's facts for the statement's answer (the statement joins `owner`'s one row). */
export const ownerFacts = (owner: Owner) => ({
  active: owner.active,
  mayTransact: owner.mayTransact,
  kycTier: owner.kycTier,
  level: owner.level,
  apiAccess: owner.apiAccess,
});

/**
 * Whether the owner is still as the purchase was made for: may transact, at the KYC tier its daily
 * limit came from and the level its price came from and, bought with a key (`keyId` given), with API
 * access at tier 2. Only then does the statement hold the money.
 */
export const ownerAsRead = (owner: Owner) =>
  sql<boolean>`coalesce(${owner.mayTransact} and ${owner.kycTier} = ${sql.placeholder("ownerTier")}::smallint and ${owner.level} = ${sql.placeholder("ownerLevel")}::text and (${sql.placeholder("keyId")}::uuid is null or (${owner.apiAccess} and ${owner.kycTier} >= 2)), false)`;

/** The values of `ownerAsRead`'s placeholders: the account as this purchase read it. */
export const ownerValues = (user: Pick<UserRow, "kycTier" | "priceLevel">) => ({
  ownerTier: user.kycTier,
  ownerLevel: user.priceLevel,
});

/**
 * The owner changed under the purchase but may still buy (another level, another tier): nothing was
 * held, and the purchase is made again once from the account as it now is (placePurchase).
 */
export class OwnerChanged extends Error {
  constructor() {
    super("the account changed between the purchase's read and its hold");
    this.name = "OwnerChanged";
  }
}

/**
 * What a customer's own purchase (signed in) meets when the hold finds the account changed: what a
 * fresh read would answer (a deactivated account's session is over; one stopped from transacting is
 * refused as such), or `OwnerChanged` to buy again as the account now is.
 */
export function sessionOwnerRefusal(owner: OwnerAtHold | null): Refusal | OwnerChanged {
  if (!owner?.active) return new Refusal("session_expired", messages.sessionExpired);
  if (!owner.mayTransact) return restricted();
  return new OwnerChanged();
}
