import { sqlState } from "../db/errors";

/**
 * What of an unexpected error may be logged. Drizzle puts a failed query's parameters in the
 * message, and those can be password or token hashes, so they are cut off here.
 */
export function describeError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error).slice(0, 500) };
  const message = error.message.split("\nparams:")[0]?.slice(0, 1000);
  const cause = error.cause instanceof Error ? error.cause.message.slice(0, 500) : undefined;
  return {
    type: error.name,
    message,
    cause,
    sqlState: sqlState(error),
    stack: error.stack?.split("\n").slice(1, 8).join("\n"),
  };
}
