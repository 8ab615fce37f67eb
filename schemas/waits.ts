/**
 * How long someone must wait, in words: the one way every refusal says a wait ("Please try again in
 * 15 minutes."), so the same wait reads the same wherever it is quoted.
 *
 * - Under a minute, whole seconds rounded up, at least 1: "1 second", "47 seconds"; a wait that
 *   rounds up to 60 s is "1 minute", so a wait quoted a moment after it was set reads as it did.
 * - From a minute, whole minutes, rounded up only past `overMs`: a wait is set at one moment and
 *   quoted at another (the database's time, the app's, a slow statement between), so 15 minutes and
 *   a few milliseconds is still "15 minutes", never "16"; 60 s is "1 minute", 61 s too.
 * - From an hour, hours and minutes: "1 hour", "2 hours and 5 minutes", "24 hours".
 */
export function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return count(seconds, "second");
  const minutes = Math.max(1, Math.ceil((ms - overMs) / minuteMs));
  if (minutes < 60) return count(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? count(hours, "hour") : `${count(hours, "hour")} and ${count(rest, "minute")}`;
}

/** The wait until `until`, as of `now`, in words (see waitWords). */
export function waitUntilWords(until: Date, now: Date): string {
  return waitWords(until.getTime() - now.getTime());
}

const minuteMs = 60_000;
/** How far past a whole minute a wait may run and still be said as that minute. */
const overMs = 5_000;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
