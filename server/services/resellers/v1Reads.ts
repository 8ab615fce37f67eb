import { asc } from "drizzle-orm";
import type { Database } from "../../db/database";
import { tvProviders } from "../../db/schema";
import type { UserRow } from "../../deps";
import { Refusal } from "../../refusal";
import {
  airtimeAtLevel,
  bouquetsAtLevel,
  dataPlanViews,
  discosAtLevel,
  examPinsAtLevel,
} from "../catalogue/catalogueAtLevel";
import { rechargeCardsAtLevel } from "../catalogue/rechargeCardsAtLevel";
import { walletSummary } from "../transactions/transactionRecords";

/** The caller's wallet in kobo, with what purchases still pending hold, and its price level. */
export async function v1BalanceOf(db: Database, user: UserRow) {
  const wallet = await walletSummary(db, user.id);
  if (!wallet) throw new Refusal("forbidden", "This account has no wallet.");
  return { balance: wallet.balance, pending_total: wallet.pendingTotal, level: user.priceLevel };
}

/** What is on sale at the caller's level, each TV provider with its bouquets; `configured` names the providers set up. */
export async function v1CatalogueOf(
  db: Database,
  level: UserRow["priceLevel"],
  configured: (provider: string) => boolean,
) {
  const [airtime, data, bouquets, electricity, providers, exam_pins, recharge_pins] = await Promise.all([
    airtimeAtLevel(db, level, configured),
    dataPlanViews(db, level, configured),
    bouquetsAtLevel(db, level, configured),
    discosAtLevel(db, level),
    db.select().from(tvProviders).orderBy(asc(tvProviders.id)),
    examPinsAtLevel(db, level, configured),
    rechargeCardsAtLevel(db, level, configured),
  ]);
  const tv = providers.map((p) => ({
    id: p.id,
    name: p.name,
    enabled: p.enabled,
    service_fee: p.serviceFee,
    bouquets: bouquets.filter((b) => b.control_id === p.id),
  }));
  return { airtime, data, tv, electricity, exam_pins, recharge_pins };
}
