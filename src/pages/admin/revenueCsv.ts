import type { RevenueReport } from "../../../schemas/admin";

export const revenueCsvHeader = "date,transactions,volume_naira,refunds_naira,cost_naira,revenue_naira";

/**
 * Kobo as plain naira for a spreadsheet: "1500.00", "-25.50", no ₦ and no thousands separators, so
 * every tool reads it as a number. Whole-number arithmetic rather than `/ 100` keeps it exact even
 * for sums past what a float holds to the kobo.
 */
export function nairaForCsv(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(kobo);
  const rest = abs % 100;
  return `${sign}${(abs - rest) / 100}.${String(rest).padStart(2, "0")}`;
}

/** One line per day, oldest first as the report gives them; CRLF line ends as RFC 4180 asks. */
export function revenueCsv(days: RevenueReport["days"]): string {
  const lines = days.map((d) =>
    [d.date, d.count, ...[d.volume, d.refunds, d.cost, d.revenue].map(nairaForCsv)].join(","),
  );
  return `${[revenueCsvHeader, ...lines].join("\r\n")}\r\n`;
}

export const revenueCsvName = (from: string, to: string) => `revenue-${from}-to-${to}.csv`;
