import { formatDate } from "./formatDate";
import { onFirstUse } from "./onFirstUse";

// formatDate gives the day in Lagos; the time beside it must be Lagos time too, or a purchase made
// at 11:30 pm UTC would show the next day's date beside the previous day's clock.
const lagosTime = onFirstUse(
  () => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "Africa/Lagos" }),
);

/** "Jan 5, 2026, 3:04 PM", in Lagos. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${lagosTime().format(new Date(iso))}`;
}

const lagosClock = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Africa/Lagos",
    }),
);

/** "14:02", the time of day in Lagos, where a line already says which day (a receipt's SMS). */
export function formatLagosClock(iso: string): string {
  return lagosClock().format(new Date(iso));
}
