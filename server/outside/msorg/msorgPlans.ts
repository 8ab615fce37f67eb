import { z } from "zod";
import { lenient, scalarText } from "../lenientJson";
import type { DataPlanType, ProviderVariation } from "../provider";
import { nairaTextToKobo } from "./msorgRecord";

/**
 * The data plans in a vendor's `GET user/` answer. Vendors nest them differently (a flat list, or
 * by network and plan type: `Dataplans.MTN_PLAN.ALL[]`), so every object with a `dataplan_id`
 * under `Dataplans` is a plan, each counted once.
 */

const plan = z.looseObject({
  dataplan_id: scalarText,
  network: lenient(scalarText),
  plan_type: lenient(z.string()),
  plan_network: lenient(z.string()),
  plan: lenient(scalarText),
  month_validate: lenient(scalarText),
  plan_amount: lenient(scalarText),
});

const account = z.looseObject({ Dataplans: z.unknown() });

/**
 * The vendors' plan types, as they write them ("SME", "SME2", "CORPORATE GIFTING", "Gifting"), and
 * "DIRECT", a network's own plan, as OjaPay's reseller API writes it.
 */
export function planTypeOf(written: string | undefined): DataPlanType | undefined {
  const type =
    written
      ?.toUpperCase()
      .replace(/[^A-Z0-9]+/g, " ")
      .trim() ?? "";
  if (type.includes("CORPORATE")) return "corporate_gifting";
  if (type.startsWith("SME")) return "sme";
  if (type.includes("GIFTING")) return "gifting";
  if (type === "DIRECT") return "direct";
  return undefined;
}

function collect(value: unknown, depth: number, into: unknown[]): void {
  if (depth > 4 || typeof value !== "object" || value === null) return;
  if (!Array.isArray(value) && "dataplan_id" in value) {
    into.push(value);
    return;
  }
  for (const inner of Array.isArray(value) ? value : Object.values(value)) collect(inner, depth + 1, into);
}

/** The plans of one network (the vendor's id for it on `data/`), or undefined when the answer has none. */
export function plansOf(json: unknown, networkId: string): ProviderVariation[] | undefined {
  const parsed = account.safeParse(json);
  if (!parsed.success || parsed.data.Dataplans === undefined) return undefined;
  const found: unknown[] = [];
  collect(parsed.data.Dataplans, 0, found);
  const seen = new Set<string>();
  const plans: ProviderVariation[] = [];
  for (const raw of found) {
    const read = plan.safeParse(raw);
    if (!read.success || seen.has(read.data.dataplan_id)) continue;
    const {
      dataplan_id,
      network,
      plan_type,
      plan_network,
      plan: size,
      month_validate,
      plan_amount,
    } = read.data;
    const amount = nairaTextToKobo(plan_amount);
    if (network?.trim() !== networkId.trim() || amount === undefined) continue;
    seen.add(dataplan_id);
    const planType = planTypeOf(plan_type);
    plans.push({
      code: dataplan_id,
      name: [plan_network, size, plan_type].filter(Boolean).join(" ").replace(/\s+/g, " ").trim(),
      amount,
      ...(planType && { planType }),
      ...(month_validate?.trim() && { validity: month_validate.trim() }),
    });
  }
  return plans;
}
