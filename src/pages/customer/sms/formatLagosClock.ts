// Beside the receipt's SMS line only: src/format/ goes into the chunk every signed-in page loads.
import { onFirstUse } from "../../../format/onFirstUse";

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
