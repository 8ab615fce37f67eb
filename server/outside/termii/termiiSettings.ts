import { z } from "zod";
import { isSimulatorKey, simulatorKeys } from "../simulation/simulatorKeys";

/** Termii's settings in the environment (docs/configuration.md); merged into config.ts's shape. */
export const termiiEnvShape = {
  SMS_PROVIDER: z.enum(["termii", "off"], { error: "must be termii or off" }).optional(),
  TERMII_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  TERMII_API_KEY: z
    .string()
    .trim()
    .min(8, { error: "must be at least 8 characters" })
    .max(200)
    .regex(/^[\x21-\x7e]+$/, { error: "must be printable characters without spaces" })
    .optional(),
  // Termii's rule for a sender ID: 3 to 11 letters or digits, registered with them before use.
  TERMII_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ]{1,9}[A-Za-z0-9]$/, { error: "must be 3 to 11 letters or digits" })
    .optional(),
  TERMII_WEBHOOK_SECRET: z
    .string()
    .min(16, { error: "must be at least 16 characters" })
    .max(200)
    .regex(/^[\x21-\x7e]+$/, { error: "must be printable characters without spaces" })
    .optional(),
};

type TermiiEnv = { [K in keyof typeof termiiEnvShape]?: z.output<(typeof termiiEnvShape)[K]> } & {
  NODE_ENV?: string | undefined;
};
const real = ["TERMII_BASE_URL", "TERMII_API_KEY", "TERMII_WEBHOOK_SECRET"] as const;

/** What is wrong with the SMS settings, as [variable, message] pairs for config.ts to report. */
export function termiiSettingsProblems(env: TermiiEnv, simulated: boolean): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  for (const name of real) {
    const value = env[name];
    if (simulated && value !== undefined) {
      problems.push([name, "is for the real Termii: set SIMULATORS=off to use it (the simulators are on)"]);
    }
    if (!simulated && env.SMS_PROVIDER === "termii" && value === undefined) {
      problems.push([name, "is required when SMS_PROVIDER=termii and the simulators are off"]);
    }
    if (!simulated && value !== undefined && isSimulatorKey(value)) {
      problems.push([name, "is the simulators' development key; set the real one"]);
    }
  }
  if (!simulated && env.SMS_PROVIDER === "termii" && !env.TERMII_SENDER_ID) {
    problems.push([
      "TERMII_SENDER_ID",
      "is required when SMS_PROVIDER=termii: the sender ID Termii approved",
    ]);
  }
  if (!simulated && env.SMS_PROVIDER !== "termii" && env.TERMII_API_KEY !== undefined) {
    problems.push(["SMS_PROVIDER", "must be termii for the TERMII_ settings to be used (or remove them)"]);
  }
  if (!simulated && env.NODE_ENV === "production" && env.TERMII_BASE_URL?.startsWith("http:")) {
    problems.push(["TERMII_BASE_URL", "must be an https:// address in production"]);
  }
  return problems;
}

export interface SmsSettings {
  provider: "termii";
  /** Pointed at the in-app simulator (its base URL is the app's own, known only once it listens). */
  simulated: boolean;
  /** The real Termii's base URL, with a trailing slash; null while simulated. */
  baseUrl: string | null;
  apiKey: string;
  senderId: string;
  /** Keys the HMAC-SHA512 Termii signs its delivery reports with (`X-Termii-Signature`). */
  webhookSecret: string;
}

/** SMS as configured: null when off ("by email only"). */
export function smsSettingsOf(env: TermiiEnv, simulated: boolean): SmsSettings | null {
  if (env.SMS_PROVIDER === "off") return null;
  if (simulated) {
    return {
      provider: "termii",
      simulated: true,
      baseUrl: null,
      apiKey: simulatorKeys.termii.apiKey,
      senderId: env.TERMII_SENDER_ID ?? "OjaPay",
      webhookSecret: simulatorKeys.termii.webhookSecret,
    };
  }
  if (env.SMS_PROVIDER !== "termii" || !env.TERMII_BASE_URL || !env.TERMII_API_KEY) return null;
  if (!env.TERMII_SENDER_ID || !env.TERMII_WEBHOOK_SECRET) return null;
  const base = env.TERMII_BASE_URL;
  return {
    provider: "termii",
    simulated: false,
    baseUrl: base.endsWith("/") ? base : `${base}/`,
    apiKey: env.TERMII_API_KEY,
    senderId: env.TERMII_SENDER_ID,
    webhookSecret: env.TERMII_WEBHOOK_SECRET,
  };
}
