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
