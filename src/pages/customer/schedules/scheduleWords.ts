import type { Schedule } from "../../../../schemas/schedules";
import { formatDateTime } from "../../../format/formatDateTime";

export const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const ordinal = (n: number) => {
  const last = n % 10;
  const suffix = n >= 11 && n <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${n}${suffix}`;
};

/** When a schedule runs, as people say it: "Every Monday at 07:30", "Monthly on the 31st at 18:00". */
export function whenItRuns(s: Pick<Schedule, "every" | "at" | "day" | "days_before">): string {
  if (s.every === "day") return `Daily at ${s.at}`;
  if (s.every === "week") return `Every ${weekdays[(s.day ?? 1) - 1]} at ${s.at}`;
  if (s.every === "month")
    return `Monthly on the ${ordinal(s.day ?? 1)} at ${s.at}${(s.day ?? 1) > 28 ? " (or the month's last day)" : ""}`;
  return `${s.days_before} day${s.days_before === 1 ? "" : "s"} before the due date, at ${s.at}`;
}

export const statusWords: Record<Schedule["status"], string> = {
  active: "Active",
  paused: "Paused",
  deleted: "Deleted",
};

/** A run time the server gave (Lagos, with its offset) as the app writes dates. */
export const runTime = formatDateTime;
