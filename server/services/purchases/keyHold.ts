import { sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { preparedOnce } from "../../db/preparedOnce";
import { apiKeys } from "../../db/schema";
import { accessRefusal, invalidKey, KeyCallRefused } from "../resellers/apiCallers";
import type { KeyCall } from "../resellers/keyCall";
import { countCall } from "../resellers/keyRateLimit";
import { type HoldAnswer, holdCall } from "./holdCall";
import { type HoldOrChange, ownerAsRead, ownerFacts, ownerRow } from "./ownerAtHold";
import type { PurchaseDeps } from "./placePurchase";

/** The API key a purchase is made with: its cap, its dialect, and the request's call, which the hold counts. */
export interface PurchaseKey {
  id: string;
  dailyCap: number | null;
  dialect: "msorg" | "v1";
  call: KeyCall;
}

const keyId = sql`${sql.placeholder("keyId")}::uuid`;

/**
 * The hold of a purchase made with a key, in one statement: the call is counted against the key's
 * rate limit (services/resellers/keyRateLimit.ts) unless it was already (`count` false), and the
 * money held only if the call was let in and the key's account is still as the purchase read it
 * (`ownerAsRead`). So a key's purchase costs no statement more than a customer's, whose session is
 * read from memory; and a key revoked, or an account stopped, lowered or moved to another level on
 * another instance a moment ago, is judged here, whatever this instance read.
 */
const countAndHoldStatement = (db: Database) =>
  preparedOnce(db, "purchase_key_hold", (db, name) => {
    const count = sql`${sql.placeholder("count")}::boolean`;
    const counted = db
      .$with("counted")
      .as(countCall(db, keyId, sql`${sql.placeholder("now")}::timestamptz`, count));
    const owner = ownerRow(db);
    const letIn = sql`(not ${count} or exists (select from counted))`;
    return db
      .with(counted, owner)
      .select({
        live: sql<boolean>`exists (select from ${apiKeys} where ${apiKeys.id} = ${keyId} and ${apiKeys.revokedAt} is null)`,
        letIn: sql<boolean>`${letIn}`,
        bucketAt:
          sql<Date | null>`(select ${apiKeys.bucketAt} from ${apiKeys} where ${apiKeys.id} = ${keyId})`.mapWith(
            apiKeys.bucketAt,
          ),
        owner: ownerFacts(owner),
        asRead: ownerAsRead(owner),
        answer: sql<HoldAnswer | null>`case when ${letIn} and ${ownerAsRead(owner)} then ${holdCall()} end`,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(owner, sql`true`)
      .prepare(name);
  });

/**
 * The hold of a key's purchase: its call counted with it (`KeyCall`), if nothing counted it before.
 * Refused as a fresh read of the key would be, in that order: a revoked key; an account without API
 * access, below tier 2 or stopped; a key over its rate limit. An account at another level or tier answers `owner_changed`.
 */
export async function countKeyAndHold(
  deps: Pick<PurchaseDeps, "db" | "clock">,
  key: PurchaseKey,
  values: Record<string, unknown>,
): Promise<HoldOrChange | undefined> {
  const now = deps.clock.now();
  const [sent] = await key.call.countedBy((count) =>
    countAndHoldStatement(deps.db).execute({ ...values, keyId: key.id, count, now: now.toISOString() }),
  );
  if (!sent?.live) throw invalidKey();
  const refused = sent.owner ? accessRefusal(sent.owner) : { reason: "restricted" as const };
  if (refused) throw new KeyCallRefused(refused);
  if (!sent.letIn) throw key.call.overLimit(sent.bucketAt, now);
  if (!sent.asRead) return { outcome: "owner_changed", owner: sent.owner };
  return sent.answer ?? undefined;
}
