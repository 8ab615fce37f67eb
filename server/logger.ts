import pino, { type Logger } from "pino";

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
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const paths = redactedKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);
  return pino({ level, redact: { paths, censor: "[redacted]" }, base: { app: "ojapay" } }, destination);
}
