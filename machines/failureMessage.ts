/** What went wrong, from an actor's error event, in words a screen can show. */
export function failureMessage(event: unknown): string {
  const error = (event as { error?: unknown }).error;
  return error instanceof Error ? error.message : "Something went wrong";
}
