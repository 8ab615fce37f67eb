import type { Every, ScheduleCreateBody } from "../../../../schemas/schedules";
import { parseNaira } from "../../../format/money";

/** The form's values, as typed or chosen. */
export type ScheduleDraft = Record<
  | "kind"
  | "network"
  | "plan"
  | "phone"
  | "amount"
  | "every"
  | "day"
  | "at"
  | "provider"
  | "smartcard"
  | "daysBefore"
  | "pin",
  string
>;

export const emptyDraft: ScheduleDraft = {
  kind: "airtime",
  network: "",
  plan: "",
  phone: "",
  amount: "",
  every: "month",
  day: "1",
  at: "08:00",
  provider: "",
  smartcard: "",
  daysBefore: "3",
  pin: "",
};

/** The body the draft makes, or the one field the page can tell is wrong before asking the server. */
export function bodyOf(d: ScheduleDraft): { body: ScheduleCreateBody } | { field: string; msg: string } {
  if (d.kind === "tv_renewal")
    return {
      body: {
        kind: "tv_renewal",
        provider_id: Number(d.provider),
        smartcard: d.smartcard,
        days_before: Number(d.daysBefore),
        pin: d.pin,
      },
    };
  const calendar = { every: d.every as Every, at: d.at, ...(d.every !== "day" && { day: Number(d.day) }) };
  if (d.kind === "data")
    return { body: { kind: "data", plan_id: Number(d.plan), phone: d.phone, ...calendar, pin: d.pin } };
  const amount = parseNaira(d.amount);
  if (amount === null) return { field: "amount", msg: "Enter an amount in naira, like 500." };
  return {
    body: { kind: "airtime", network_id: Number(d.network), phone: d.phone, amount, ...calendar, pin: d.pin },
  };
}
