import pino, { type Logger } from "pino";
import { describeError } from "./http/describeError";

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
    },
    destination,
  );
}
