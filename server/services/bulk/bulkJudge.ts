import { sql } from "drizzle-orm";
import { z } from "zod/mini";
import type { BulkKind, BulkPreviewRow } from "../../../schemas/bulk";
import { airtimePurchaseBody, dataPurchaseBody } from "../../../schemas/purchases";
import { fieldErrors, readableErrorFor } from "../../../schemas/readable";
import type { Queryable } from "../../db/database";
import { preparedOnce } from "../../db/preparedOnce";
import type { UserRow } from "../../deps";
import { Refusal } from "../../refusal";
import { dailyLimitRefusal } from "../kyc/tierLimits";
import { purchaseRequest } from "../purchases/kinds/purchaseKinds";
import type { CatalogueLookup, PurchaseDeps } from "../purchases/placePurchase";
import { candidatesFor } from "../purchases/routePurchase";
import type { BulkFacts } from "./bulkFacts";

/** A row's values by the single purchase's own rules (the phone kept as 0803…). */
const rowRules = {
  airtime: z.pick(airtimePurchaseBody, { phone: true, network_id: true, amount: true }),
  data: z.pick(dataPurchaseBody, { phone: true, plan_id: true }),
};

export type BulkOrder = z.output<(typeof rowRules)[BulkKind]>;

/** A row as judged: the preview's verdict, and for a good row the order to buy and its recipient. */
export interface JudgedRow {
  verdict: BulkPreviewRow;
  order: BulkOrder | null;
}

const bad = (row: number, msg: string, fields?: Record<string, string[]>): JudgedRow => ({
  verdict: { row, ok: false, msg, ...(fields && { fields }) },
  order: null,
});

/** A catalogue lookup of the purchase path, run on its own: one per network or plan a batch (or a schedule) names. */
export async function lookUp(db: Queryable, lookup: CatalogueLookup, level: string) {
  const [found] = await preparedOnce(db, `bulk_look_${lookup.name}`, (db, name) =>
    db
      .select({ catalogue: sql<Record<string, unknown> | null>`(${lookup.query()})` })
      .from(sql`(select 1) as one`)
      .prepare(name),
  ).execute({ level, ...lookup.values });
  return found?.catalogue ?? null;
}

/**
 * Every row judged as one purchase of it would be, before any money moves: its values, the
 * catalogue (network or plan on sale, amount within its bounds), the price at the customer's level,
 * a provider to route it to, and the daily limit with the rows before it. A row repeating an earlier
 * one is refused as a likely paste slip. Answers the rows in order.
 */
export async function judgeRows(
  deps: Pick<PurchaseDeps, "db" | "clock" | "providers">,
  user: UserRow,
  kind: BulkKind,
  rows: readonly unknown[],
  facts: BulkFacts,
): Promise<JudgedRow[]> {
  const rules = rowRules[kind];
  const seen = new Map<string, number>();
  const found = new Map<string, Promise<Record<string, unknown> | null>>();
  let running = facts.spentToday;
  const judged: JudgedRow[] = [];
  for (const [index, raw] of rows.entries()) {
    const row = index + 1;
    const parsed = rules.safeParse(raw, { error: readableErrorFor(rules) });
    if (!parsed.success) {
      judged.push(
        bad(
          row,
          parsed.error.issues[0]?.message ?? "This row is not valid.",
          fieldErrors(parsed.error.issues),
        ),
      );
      continue;
    }
    const order = parsed.data;
    const same = JSON.stringify(Object.entries(order).sort());
    const earlier = seen.get(same);
    if (earlier !== undefined) {
      judged.push(bad(row, `The same as row ${earlier}: remove one, or buy it again on its own.`));
      continue;
    }
    seen.set(same, row);
    const request = purchaseRequest(deps.db, kind, order as never);
    const lookup = request.catalogue;
    const key = lookup ? `${lookup.name}:${JSON.stringify(lookup.values)}` : "";
    let catalogue = found.get(key);
    if (!catalogue) {
      catalogue = lookup ? lookUp(deps.db, lookup, user.priceLevel) : Promise.resolve(null);
      found.set(key, catalogue);
    }
    try {
      const priced = await request.price(await catalogue, facts.pricing);
      candidatesFor(deps, priced, facts.routing);
      const total = priced.quote.total;
      if (running + total > facts.dailyLimit) {
        const refusal = dailyLimitRefusal(facts.dailyLimit, user.kycTier, running, total);
        judged.push(bad(row, refusal.msg));
        continue;
      }
      running += total;
      judged.push({ verdict: { row, ok: true, price: total, description: priced.description }, order });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      judged.push(bad(row, error.msg, error.fields));
    }
  }
  return judged;
}

/** The good rows' total. */
export const totalOf = (rows: readonly JudgedRow[]) =>
  rows.reduce((sum, r) => sum + (r.verdict.price ?? 0), 0);
