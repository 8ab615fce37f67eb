import { markShownOnScreen } from "./actionFailure";

/**
 * What went wrong, from an actor's error event, in words a screen can show. A machine keeps these to
 * show them, so the refusal is marked as shown on screen and the client does not toast it as well.
 */
export function failureMessage(event: unknown): string {
  const error = typeof event === "object" && event !== null && "error" in event ? event.error : undefined;
  markShownOnScreen(error);
  return error instanceof Error ? error.message : "Something went wrong";
}
