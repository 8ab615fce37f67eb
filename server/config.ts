import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const envSchema = z
  .object({
    // 0 asks the system for any free port (tests use it).
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().min(3).default("OjaPay <no-reply@ojapay.local>"),
    ADMIN_EMAIL: z.email({ error: "must be an email address" }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).max(128).optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: bool.default(false),
    STATIC_DIR: z.string().min(1).default("./dist"),
    PROVIDER: z.enum(["sandbox"]).default("sandbox"),
    GATEWAY: z.enum(["sandbox"]).default("sandbox"),
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(30_000).default(800),
    SANDBOX_GATEWAY_SECRET: z
      .string()
      .min(16, { error: "must be at least 16 characters" })
      .default("sandbox-webhook-secret-not-for-production"),
    REQUERY_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    REQUERY_BASE_DELAY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    REFERRAL_BONUS_KOBO: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
    REFERRAL_MIN_FUNDING_KOBO: z.coerce.number().int().min(100).max(100_000_000).default(100_000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "must be set together with ADMIN_EMAIL and ADMIN_PASSWORD",
      });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  logLevel: string;
  publicUrl: string;
  trustProxy: boolean;
  staticDir: string;
  provider: "sandbox";
  gateway: "sandbox";
  providerTimeoutMs: number;
  sandboxLatencyMs: number;
  sandboxGatewaySecret: string;
  requeryIntervalMs: number;
  requeryBaseDelayMs: number;
  referral: { bonus: number; minFunding: number };
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    trustProxy: e.TRUST_PROXY,
    staticDir: e.STATIC_DIR,
    provider: e.PROVIDER,
    gateway: e.GATEWAY,
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    sandboxLatencyMs: e.SANDBOX_LATENCY_MS,
    sandboxGatewaySecret: e.SANDBOX_GATEWAY_SECRET,
    requeryIntervalMs: e.REQUERY_INTERVAL_MS,
    requeryBaseDelayMs: e.REQUERY_BASE_DELAY_MS,
    referral: { bonus: e.REFERRAL_BONUS_KOBO, minFunding: e.REFERRAL_MIN_FUNDING_KOBO },
  };
}
