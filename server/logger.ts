import pino, { type Logger } from "pino";
import { describeError } from "./http/describeError";
import { currentRequestId } from "./http/requestId";

/**
 * Keys that must never reach a log whatever object carries them. Request logs carry none of them
 * anyway (no bodies, no headers); this is the second line.
 */
export const redactedKeys = [
  "password",
  "new_password",
  "pin",
  "new_pin",
  "code",
  "token",
  "authorization",
  "passwordHash",
  "pinHash",
  "codeHash",
  "tokenHash",
  "current_password",
  "pinKeys",
  "PIN_KEYS",
  "metricsToken",
  "METRICS_TOKEN",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const paths = redactedKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);
  // Any error logged as `err` goes through describeError: a failed query's parameters never get out.
  return pino(
    {
      level,
      redact: { paths, censor: "[redacted]" },
      base: { app: "ojapay" },
      serializers: { err: (error: unknown) => (error instanceof Error ? describeError(error) : error) },
      // Every line written while a request runs names it, whichever service wrote it (http/requestId.ts).
      // pino merges the line's own fields into what the mixin answers, so it is a new object each time.
      mixin: () => {
        const id = currentRequestId();
        return id === undefined ? {} : { req_id: id };
      },
    },
    destination,
  );
}
