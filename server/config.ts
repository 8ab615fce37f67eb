import { isIP } from "node:net";
import { z } from "zod";
import { isSimulatorKey } from "./outside/simulation/simulatorKeys";
import { smsSettingsOf, termiiEnvShape, termiiSettingsProblems } from "./outside/termii/termiiSettings";
import { developmentPinKey, type PinKeys } from "./services/accounts/keyedPinHash";
import { passwordProblem } from "./services/accounts/passwordPolicy";
import { developmentTotpKey } from "./services/accounts/secretBox";
import { developmentVoucherKey } from "./services/purchases/vouchers";

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });
const key = z
  .string()
  .trim()
  .min(8, { error: "must be at least 8 characters" })
  .max(200)
  .regex(/^[\x21-\x7e]+$/, { error: "must be printable characters without spaces" });

/**
 * `PIN_KEYS`: `id:secret` pairs, comma-separated, the first hashing new PINs and the rest still
 * verifying the PINs hashed under them. Messages name an entry by its place and id, never its secret.
 */
const pinKeyId = /^[A-Za-z0-9_-]{1,32}$/;
const pinKeys = z.string().transform((text, ctx) => {
  const entries = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const keys: { id: string; secret: string }[] = [];
  entries.forEach((entry, index) => {
    const [id = "", secret = "", ...rest] = entry.split(":");
    const where = `entry ${index + 1}${pinKeyId.test(id) ? ` (${id})` : ""}`;
    if (!pinKeyId.test(id) || rest.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `${where} must be id:secret, the id at most 32 letters, digits, - or _`,
      });
    } else if (!/^[0-9a-fA-F]{64}$/.test(secret)) {
      ctx.addIssue({
        code: "custom",
        message: `${where}: the secret must be 64 hexadecimal characters, 32 random bytes (openssl rand -hex 32)`,
      });
    } else if (keys.some((key) => key.id === id)) {
      ctx.addIssue({ code: "custom", message: `${where}: the id is listed twice` });
    } else {
      keys.push({ id, secret: secret.toLowerCase() });
    }
  });
  if (entries.length === 0) ctx.addIssue({ code: "custom", message: "must list at least one id:secret" });
  return keys;
});

/** The providers OjaPay can buy from, as `PROVIDERS` names them. */
export const providerNames = ["vtpass", "msorg"] as const;
export type ProviderName = (typeof providerNames)[number];

/** The settings each provider needs where real money moves (its name and anything else is optional). */
const providerSettings: Record<ProviderName, readonly (keyof z.input<typeof envShape>)[]> = {
  vtpass: ["VTPASS_BASE_URL", "VTPASS_API_KEY", "VTPASS_PUBLIC_KEY", "VTPASS_SECRET_KEY"],
  msorg: ["MSORG_BASE_URL", "MSORG_TOKEN"],
};

/**
 * `PROVIDERS`: the providers to buy from, comma-separated, in the order routes try them. Each name
 * once, each one OjaPay knows.
 */
const providerList = z.string().transform((text, ctx) => {
  const names = text
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const known: ProviderName[] = [];
  for (const name of names) {
    if (!(providerNames as readonly string[]).includes(name)) {
      ctx.addIssue({
        code: "custom",
        message: `names an unknown provider "${name.slice(0, 40)}" (known: ${providerNames.join(", ")})`,
      });
    } else if (known.includes(name as ProviderName)) {
      ctx.addIssue({ code: "custom", message: `lists ${name} twice` });
    } else known.push(name as ProviderName);
  }
  if (names.length === 0) ctx.addIssue({ code: "custom", message: "must list at least one provider" });
  return known;
});

/** Settings that point the adapters at the real providers and Paystack. */
const realSettings = [
  "VTPASS_BASE_URL",
  "VTPASS_API_KEY",
  "VTPASS_PUBLIC_KEY",
  "VTPASS_SECRET_KEY",
  "MSORG_BASE_URL",
  "MSORG_TOKEN",
  "PAYSTACK_BASE_URL",
  "PAYSTACK_SECRET_KEY",
  "DIDIT_BASE_URL",
  "DIDIT_API_KEY",
] as const;
/** Without an identity provider the app still runs: customers stay at tier 1 until an admin raises them. */
const optionalRealSettings: ReadonlySet<string> = new Set([
  "PAYSTACK_BASE_URL",
  "DIDIT_BASE_URL",
  "DIDIT_API_KEY",
  // A provider's settings are required only where PROVIDERS lists it (checked below).
  ...Object.values(providerSettings).flat(),
]);

/** Paystack's documented webhook addresses, for `PAYSTACK_WEBHOOK_IPS=paystack`. */
export const paystackWebhookIps = ["52.31.139.75", "52.49.173.169", "52.214.14.220"];

/**
 * The simulators are on unless said otherwise, except in production, where real money could be at
 * stake: there they run only when SIMULATORS=on says so explicitly.
 */
function simulatorsOn(env: { SIMULATORS?: "on" | "off" | undefined; NODE_ENV?: string | undefined }) {
  return env.SIMULATORS ? env.SIMULATORS === "on" : env.NODE_ENV !== "production";
}

const envShape = z.object({
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
  ADMIN_PASSWORD: z.string().min(10, { error: "must be at least 10 characters" }).max(128).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** How long an instance may answer from a session it read (revocations elsewhere show within it). */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(1_000).default(1_000),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_URL: z.url().optional(),
  // How many proxies of ours stand in front: "false"/"0" none, "true" one, or a number of hops.
  TRUST_PROXY: z
    .enum(["true", "false", "0", "1", "2", "3", "4", "5"], {
      error: "must be true, false or a number of proxies from 0 to 5",
    })
    .default("false")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
  ADDRESS_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  // Unset: 128 for a server clients reach directly, none behind TRUST_PROXY (every connection is the proxy's).
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).optional(),
  TOTP_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: "must be 64 hexadecimal characters (32 random bytes)" })
    .optional(),
  PIN_KEYS: pinKeys.optional(),
  VOUCHER_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: "must be 64 hexadecimal characters (32 random bytes)" })
    .optional(),
  STATIC_DIR: z.string().min(1).default("./dist"),
  NODE_ENV: z.string().optional(),
  SIMULATORS: z.enum(["on", "off"], { error: "must be on or off" }).optional(),
  PROVIDERS: providerList.optional(),
  GATEWAY: z.enum(["paystack"]).default("paystack"),
  VTPASS_BASE_URL: httpUrl.optional(),
  VTPASS_API_KEY: key.optional(),
  VTPASS_PUBLIC_KEY: key.optional(),
  VTPASS_SECRET_KEY: key.optional(),
  MSORG_BASE_URL: httpUrl.optional(),
  MSORG_TOKEN: key.optional(),
  // The vendor's name as staff know it; its host when unset.
  MSORG_NAME: z.string().trim().min(2).max(40).optional(),
  PAYSTACK_BASE_URL: httpUrl.optional(),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9_]{8,200}$/, {
      error: "must be a Paystack secret key (sk_test_… or sk_live_…)",
    })
    .optional(),
  DIDIT_BASE_URL: httpUrl.optional(),
  DIDIT_API_KEY: key.optional(),
  ...termiiEnvShape,
  PAYSTACK_PREFERRED_BANK: z.enum(["test-bank", "wema-bank", "titan-paystack"]).optional(),
  PAYSTACK_WEBHOOK_IPS: z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((ip) => ip === "paystack" || isIP(ip) !== 0), {
      error: 'must be "paystack" or a comma-separated list of IP addresses',
    })
    .optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  GATEWAY_LISTING_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(30_000).default(800),
  REQUERY_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  REQUERY_BASE_DELAY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  // Requeries one instance has out at once with each provider (docs/operations.md).
  REQUERY_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(20),
  // Rows of bulk purchases one instance places at once (docs/operations.md).
  BULK_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  // Scheduled purchases' due runs one instance places at once (docs/operations.md).
  SCHEDULE_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  // Webhooks to resellers: the first retry's wait (1 minute), which scales the whole schedule (tests
  // shorten it); addresses on private networks are refused unless this is "true" (a test's receiver).
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  REFERRAL_BONUS_KOBO: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  REFERRAL_MIN_FUNDING_KOBO: z.coerce.number().int().min(100).max(100_000_000).default(100_000),
  FUNDING_CHECK_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  FUNDING_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  // The bearer token Prometheus scrapes GET /metrics with; unset, there are no metrics.
  METRICS_TOKEN: z
    .string()
    .min(32, { error: "must be at least 32 characters (openssl rand -hex 32)" })
    .max(200, { error: "must be at most 200 characters" })
    .regex(/^[\x21-\x7e]+$/, { error: "must be printable characters without spaces" })
    .optional(),
});

/** The providers to buy from: `PROVIDERS`, or with the simulators on both simulated providers. */
function providersOf(env: z.output<typeof envShape>): ProviderName[] {
  return env.PROVIDERS ?? (simulatorsOn(env) ? [...providerNames] : ["vtpass"]);
}

const envSchema = envShape.superRefine((env, ctx) => {
  const simulated = simulatorsOn(env);
  if (!simulated) {
    for (const provider of providersOf(env)) {
      for (const name of providerSettings[provider]) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `is required when PROVIDERS lists ${provider} and the simulators are off`,
          });
        }
      }
    }
  }
  for (const name of realSettings) {
    const value = env[name];
    if (simulated && value !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: "is for the real provider and gateway: set SIMULATORS=off to use it (the simulators are on)",
      });
    }
    if (!simulated && value === undefined && !optionalRealSettings.has(name)) {
      ctx.addIssue({ code: "custom", path: [name], message: "is required when the simulators are off" });
    }
    if (!simulated && value !== undefined && isSimulatorKey(value)) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: "is the simulators' development key; set the real one",
      });
    }
    if (
      !simulated &&
      env.NODE_ENV === "production" &&
      name.endsWith("_BASE_URL") &&
      value?.startsWith("http:")
    ) {
      ctx.addIssue({ code: "custom", path: [name], message: "must be an https:// address in production" });
    }
  }
  if (!simulated && !env.PUBLIC_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["PUBLIC_URL"],
      message: "is required when the simulators are off: the gateway sends customers back to it",
    });
  }
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    ctx.addIssue({
      code: "custom",
      path: ["HEADERS_TIMEOUT_MS"],
      message: "must not be longer than REQUEST_TIMEOUT_MS, which the headers are part of",
    });
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    ctx.addIssue({
      code: "custom",
      path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
      message: "must be set together with ADMIN_EMAIL and ADMIN_PASSWORD",
    });
  }
  if (!simulated && !env.TOTP_KEY) {
    ctx.addIssue({
      code: "custom",
      path: ["TOTP_KEY"],
      message:
        "is required when the simulators are off: it seals staff authenticator keys (openssl rand -hex 32)",
    });
  }
  if (!simulated && env.TOTP_KEY?.toLowerCase() === developmentTotpKey) {
    ctx.addIssue({
      code: "custom",
      path: ["TOTP_KEY"],
      message: "is the development key; set a random one",
    });
  }
  if (!simulated && !env.VOUCHER_KEY) {
    ctx.addIssue({
      code: "custom",
      path: ["VOUCHER_KEY"],
      message:
        "is required when the simulators are off: it seals the exam PINs and recharge cards customers buy (openssl rand -hex 32)",
    });
  }
  if (!simulated && env.VOUCHER_KEY?.toLowerCase() === developmentVoucherKey) {
    ctx.addIssue({
      code: "custom",
      path: ["VOUCHER_KEY"],
      message: "is the development key; set a random one",
    });
  }
  if (env.VOUCHER_KEY && env.VOUCHER_KEY.toLowerCase() === env.TOTP_KEY?.toLowerCase()) {
    ctx.addIssue({
      code: "custom",
      path: ["VOUCHER_KEY"],
      message: "is TOTP_KEY; each purpose needs a key of its own",
    });
  }
  // Only a development machine may hash PINs under a key everyone can read in this repository.
  const keysRequired = env.NODE_ENV === "production" || !simulated;
  if (keysRequired && !env.PIN_KEYS) {
    ctx.addIssue({
      code: "custom",
      path: ["PIN_KEYS"],
      message:
        "is required in production and when the simulators are off: it keys the transaction PIN hashes (id:secret, the secret from openssl rand -hex 32)",
    });
  }
  if (keysRequired && env.PIN_KEYS?.some((key) => key.secret === developmentPinKey.secret)) {
    ctx.addIssue({
      code: "custom",
      path: ["PIN_KEYS"],
      message: "holds the development key; set a random one",
    });
  }
  if (env.TOTP_KEY && env.PIN_KEYS?.some((key) => key.secret === env.TOTP_KEY?.toLowerCase())) {
    ctx.addIssue({
      code: "custom",
      path: ["PIN_KEYS"],
      message: "holds TOTP_KEY; each purpose needs a key of its own",
    });
  }
  for (const [name, message] of termiiSettingsProblems(env, simulated)) {
    ctx.addIssue({ code: "custom", path: [name], message });
  }
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const problem = passwordProblem(env.ADMIN_PASSWORD, {
      email: env.ADMIN_EMAIL,
      firstName: "",
      lastName: "",
    });
    if (problem) ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: problem });
  }
});

/** The configuration as the server reads it, made from the environment the schema has checked. */
function configOf(e: z.output<typeof envSchema>) {
  const simulators = simulatorsOn(e);
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
    readCacheMs: e.READ_CACHE_MS,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    /** Proxies of ours in front of the server: the address `trustProxy` entries from the right of X-Forwarded-For counts. */
    trustProxy: e.TRUST_PROXY,
    /** Requests a minute one address may make to sign-in, sign-up, code, PIN and password endpoints. */
    addressLimitPerMinute: e.ADDRESS_LIMIT_PER_MINUTE,
    /**
     * How long a client may hold the server: to send its headers, to send its whole request (the
     * handler's own time is not counted), and to keep an idle connection open between requests; and how
     * many connections one address may hold open at once (0: no cap).
     */
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY > 0 ? 0 : 128),
    },
    /**
     * On SIGTERM, how long the requests in flight (a purchase waiting on its provider) and the background
     * run in progress may take to finish before the database is closed and the process exits.
     */
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    /** Seals staff authenticator (TOTP) keys in the database; the development key while the simulators are on. */
    totpKey: Buffer.from(e.TOTP_KEY ?? developmentTotpKey, "hex"),
    /** Seals the PINs purchases deliver (exam PINs, recharge cards); the development key while the simulators are on. */
    voucherKey: Buffer.from(e.VOUCHER_KEY ?? developmentVoucherKey, "hex"),
    /** Keys the transaction PIN hashes, the first being current; the development key while the simulators are on. */
    pinKeys: toPinKeys(e.PIN_KEYS ?? [developmentPinKey]),
    staticDir: e.STATIC_DIR,
    simulators,
    production: e.NODE_ENV === "production",
    /** The providers to buy from, in the order routes try them (`PROVIDERS`). */
    providers: providersOf(e),
    gateway: e.GATEWAY,
    /** The real VTpass; null while the simulators are on (the adapter is pointed at the simulator) or where not listed. */
    vtpass:
      simulators || !e.VTPASS_BASE_URL || !e.VTPASS_API_KEY || !e.VTPASS_PUBLIC_KEY || !e.VTPASS_SECRET_KEY
        ? null
        : {
            baseUrl: withSlash(e.VTPASS_BASE_URL),
            apiKey: e.VTPASS_API_KEY,
            publicKey: e.VTPASS_PUBLIC_KEY,
            secretKey: e.VTPASS_SECRET_KEY,
          },
    /** The real SME-data vendor; null while the simulators are on or where not listed. */
    msorg:
      simulators || !e.MSORG_BASE_URL || !e.MSORG_TOKEN
        ? null
        : { baseUrl: withSlash(e.MSORG_BASE_URL), token: e.MSORG_TOKEN },
    /** The vendor's name as staff know it (`MSORG_NAME`, else its host). */
    msorgName:
      e.MSORG_NAME ?? (e.MSORG_BASE_URL && !simulators ? new URL(e.MSORG_BASE_URL).host : "SME-data vendor"),
    /** The real Paystack; null while the simulators are on. */
    paystack:
      simulators || !e.PAYSTACK_SECRET_KEY
        ? null
        : {
            baseUrl: withSlash(e.PAYSTACK_BASE_URL ?? "https://api.paystack.co/"),
            secretKey: e.PAYSTACK_SECRET_KEY,
          },
    /** Didit, who checks BVNs and NINs; null while the simulators are on, or when no key is set. */
    didit:
      simulators || !e.DIDIT_API_KEY
        ? null
        : {
            baseUrl: withSlash(e.DIDIT_BASE_URL ?? "https://verification.didit.me/"),
            apiKey: e.DIDIT_API_KEY,
          },
    /** SMS through Termii (the in-app simulator while the simulators are on); null: off, "by email only". */
    sms: smsSettingsOf(e, simulators),
    paystackPreferredBank:
      e.PAYSTACK_PREFERRED_BANK ??
      (simulators || e.PAYSTACK_SECRET_KEY?.startsWith("sk_test_") ? "test-bank" : "wema-bank"),
    /** Addresses Paystack's webhooks must come from; null accepts any (the signature still decides). */
    paystackWebhookIps: e.PAYSTACK_WEBHOOK_IPS
      ? e.PAYSTACK_WEBHOOK_IPS.flatMap((ip) => (ip === "paystack" ? paystackWebhookIps : [ip]))
      : null,
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    /** The longest the gateway's listing of a day's payments may take, every page together. */
    gatewayListingTimeoutMs: e.GATEWAY_LISTING_TIMEOUT_MS,
    simulatorLatencyMs: e.SIMULATOR_LATENCY_MS,
    requeryIntervalMs: e.REQUERY_INTERVAL_MS,
    requeryBaseDelayMs: e.REQUERY_BASE_DELAY_MS,
    /**
     * How many pending purchases one instance asks each provider about at once: a backlog (an outage,
     * a crash) settles in parallel, and no provider is asked more than this at a time by one instance.
     */
    requeryConcurrency: e.REQUERY_CONCURRENCY,
    /** How many rows of bulk purchases one instance places at once, across every batch. */
    bulkConcurrency: e.BULK_CONCURRENCY,
    /** How many due runs of scheduled purchases one instance places at once. */
    scheduleConcurrency: e.SCHEDULE_CONCURRENCY,
    webhooks: { retryBaseMs: e.WEBHOOK_RETRY_BASE_MS, allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "true" },
    referral: { bonus: e.REFERRAL_BONUS_KOBO, minFunding: e.REFERRAL_MIN_FUNDING_KOBO },
    /** A card funding still pending this long after checkout is asked about by reference. */
    fundingCheckAfterMs: e.FUNDING_CHECK_AFTER_MS,
    /** A card funding never paid is marked failed after this long (a later payment still credits it). */
    fundingExpiryMs: e.FUNDING_EXPIRY_HOURS * 3_600_000,
    /** What `GET /metrics` must be asked with (`Authorization: Bearer …`); null: the path answers 404. */
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}

const configSchema = envSchema.transform(configOf);
export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

function toPinKeys(keys: readonly { id: string; secret: string }[]): PinKeys {
  const [current, ...older] = keys.map((key) => ({ id: key.id, secret: Buffer.from(key.secret, "hex") }));
  if (!current) throw new ConfigError("Invalid configuration:\n  PIN_KEYS: must list at least one id:secret");
  return [current, ...older];
}

const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);
