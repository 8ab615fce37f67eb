import type { RevenueReport } from "../../../schemas/admin";
import { csvText, nairaForCsv } from "../../format/csv";

const revenueColumns = [
  "date",
  "transactions",
  "volume_naira",
  "refunds_naira",
  "cost_naira",
  "revenue_naira",
];

/** One line per day, oldest first as the report gives them. */
export function revenueCsv(days: RevenueReport["days"]): string {
  return csvText(
    revenueColumns,
    days.map((d) => [d.date, d.count, ...[d.volume, d.refunds, d.cost, d.revenue].map(nairaForCsv)]),
  );
}

export const revenueCsvName = (from: string, to: string) => `revenue-${from}-to-${to}.csv`;
