import { sqlState } from "../db/errors";

/**
 * What of an error may be logged. Drizzle puts a failed query's parameters in the message (and so in
 * the stack's first lines), and those can be hashes, emails or a request's query values, so they are
 * cut off here.
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
    // Only the frames: the stack's first lines repeat the message, parameters and all.
    stack: error.stack
      ?.split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .slice(0, 7)
      .join("\n"),
  };
}
