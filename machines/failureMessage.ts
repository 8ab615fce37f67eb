/** What went wrong, from an actor's error event, in words a screen can show. */
export function failureMessage(event: unknown): string {
  const error = typeof event === "object" && event !== null && "error" in event ? event.error : undefined;
  return error instanceof Error ? error.message : "Something went wrong";
}
