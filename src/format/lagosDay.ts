import { onFirstUse } from "./onFirstUse";

// en-CA writes dates as YYYY-MM-DD, the form the API takes.
const isoDay = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Africa/Lagos",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }),
);

/** The calendar day in Lagos of an instant, as "2026-03-02". */
export const lagosDay = (at: Date): string => isoDay().format(at);
