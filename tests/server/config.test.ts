import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { users } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { ensureFirstAdmin } from "../../server/services/accounts/adminBootstrap";
import { developmentPinKey } from "../../server/services/accounts/keyedPinHash";
import { developmentTotpKey } from "../../server/services/accounts/secretBox";
import { developmentVoucherKey } from "../../server/services/purchases/vouchers";
import { createTestServer, type TestServer } from "./support/testServer";

describe("configuration", () => {
  it("has the defaults docs/configuration.md gives", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "./data",
      databaseUrl: undefined,
      smtpUrl: undefined,
      admin: undefined,
      sessionIdleMs: 30 * 60_000,
      sessionMaxMs: 12 * 3_600_000,
      publicUrl: "http://localhost:8080",
      simulators: true,
      providers: ["vtpass", "msorg"],
      gateway: "paystack",
      vtpass: null,
      msorg: null,
      paystack: null,
      paystackPreferredBank: "test-bank",
      paystackWebhookIps: null,
      shutdownGraceMs: 30_000,
    });
    expect(config.pinKeys).toEqual([
      { id: developmentPinKey.id, secret: Buffer.from(developmentPinKey.secret, "hex") },
    ]);
  });

  const live = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://ojapay.example",
    VTPASS_BASE_URL: "https://vtpass.com/api",
    VTPASS_API_KEY: "live-api-key-123",
    VTPASS_PUBLIC_KEY: "PK_live_public_123",
    VTPASS_SECRET_KEY: "SK_live_secret_123",
    PAYSTACK_SECRET_KEY: "sk_live_abcdefghijklmnop",
    TOTP_KEY: "8f3a".repeat(16),
    VOUCHER_KEY: "b0a7".repeat(16),
    PIN_KEYS: `2026b:${"5a7e".repeat(16)}`,
  };

  it("buys from the providers PROVIDERS lists, in its order, each with its own settings where money is real", () => {
    expect(loadConfig({ PROVIDERS: "msorg, vtpass" }).providers).toEqual(["msorg", "vtpass"]);
    expect(loadConfig({ ...live }).providers).toEqual(["vtpass"]);
    expect(() => loadConfig({ ...live, PROVIDERS: "vtpass,msorg" })).toThrow(
      /MSORG_BASE_URL: is required when PROVIDERS lists msorg and the simulators are off[\s\S]*MSORG_TOKEN: is required when PROVIDERS lists msorg/,
    );
    expect(() => loadConfig({ ...live, PROVIDERS: "vtpass,smedata" })).toThrow(
      /PROVIDERS: names an unknown provider "smedata" \(known: vtpass, msorg\)/,
    );
    const vendor = { MSORG_BASE_URL: "https://husmodata.example/api", MSORG_TOKEN: "live-vendor-token-1" };
    const both = loadConfig({ ...live, ...vendor, PROVIDERS: "msorg,vtpass" });
    expect(both).toMatchObject({
      providers: ["msorg", "vtpass"],
      msorg: { baseUrl: "https://husmodata.example/api/", token: "live-vendor-token-1" },
      msorgName: "husmodata.example",
    });
    expect(loadConfig({ ...live, ...vendor, PROVIDERS: "msorg", MSORG_NAME: "Husmodata" })).toMatchObject({
      msorgName: "Husmodata",
      providers: ["msorg"],
    });
    // Only msorg listed: VTpass's keys are not needed.
    const { VTPASS_BASE_URL, VTPASS_API_KEY, VTPASS_PUBLIC_KEY, VTPASS_SECRET_KEY, ...withoutVtpass } = live;
    expect(loadConfig({ ...withoutVtpass, ...vendor, PROVIDERS: "msorg" }).vtpass).toBeNull();
    expect(() =>
      loadConfig({
        ...live,
        MSORG_TOKEN: "sim-msorg-token-not-for-production",
        MSORG_BASE_URL: "https://v.example",
        PROVIDERS: "msorg",
      }),
    ).toThrow(/MSORG_TOKEN: is the simulators' development key/);
    expect(() => loadConfig({ MSORG_TOKEN: "live-vendor-token-1" })).toThrow(
      /MSORG_TOKEN: is for the real provider and gateway: set SIMULATORS=off/,
    );
  });

  it("limits how long a client may hold a connection, and how many one address may hold, but not behind a proxy unless told", () => {
    expect(loadConfig({}).connections).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxPerAddress: 128,
    });
    // Behind a proxy every connection is the proxy's: capping its address would cap every customer.
    expect(loadConfig({ TRUST_PROXY: "1" }).connections.maxPerAddress).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: "1", MAX_CONNECTIONS_PER_ADDRESS: "500" }).connections.maxPerAddress,
    ).toBe(500);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: "40000" })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: "soon" })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: "-1" })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it("serves metrics only with a METRICS_TOKEN of at least 32 characters, and never logs it", () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    const token = "f00d".repeat(8);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: token.slice(1) })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: `${token} with spaces` })).toThrow(
      /METRICS_TOKEN: must be printable characters without spaces/,
    );
    const lines: string[] = [];
    const logged = createLogger("info", { write: (line: string) => lines.push(line) });
    logged.info({ config: loadConfig({ METRICS_TOKEN: token }), env: { METRICS_TOKEN: token } }, "settings");
    expect(lines.join("")).not.toContain(token);
  });

  it("gives the gateway's day listing a limit of its own, five minutes unless told", () => {
    expect(loadConfig({}).gatewayListingTimeoutMs).toBe(300_000);
    expect(loadConfig({ GATEWAY_LISTING_TIMEOUT_MS: "600000" }).gatewayListingTimeoutMs).toBe(600_000);
    expect(() => loadConfig({ GATEWAY_LISTING_TIMEOUT_MS: "soon" })).toThrow(/GATEWAY_LISTING_TIMEOUT_MS/);
  });

  it("turns the simulators off in production, where the real keys and addresses are required", () => {
    expect(loadConfig(live)).toMatchObject({
      simulators: false,
      production: true,
      vtpass: { baseUrl: "https://vtpass.com/api/", apiKey: "live-api-key-123" },
      paystack: { baseUrl: "https://api.paystack.co/", secretKey: "sk_live_abcdefghijklmnop" },
      paystackPreferredBank: "wema-bank",
    });
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /VTPASS_BASE_URL: is required when PROVIDERS lists vtpass and the simulators are off[\s\S]*PAYSTACK_SECRET_KEY: is required[\s\S]*PUBLIC_URL: is required/,
    );
  });

  it("runs the simulators in production only when told to, and then takes no real keys", () => {
    expect(loadConfig({ NODE_ENV: "production", SIMULATORS: "on", PIN_KEYS: live.PIN_KEYS })).toMatchObject({
      simulators: true,
    });
    expect(() => loadConfig({ ...live, SIMULATORS: "on" })).toThrow(
      /VTPASS_BASE_URL: is for the real provider and gateway: set SIMULATORS=off/,
    );
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: "sk_test_abcdefghijkl" })).toThrow(
      /PAYSTACK_SECRET_KEY: is for the real/,
    );
  });

  it("checks identities with Didit only where a key is set, and never with the simulator's key", () => {
    expect(loadConfig(live).didit).toBeNull();
    expect(loadConfig({ ...live, DIDIT_API_KEY: "didit-live-key-1" }).didit).toEqual({
      baseUrl: "https://verification.didit.me/",
      apiKey: "didit-live-key-1",
    });
    expect(() => loadConfig({ ...live, DIDIT_API_KEY: "sim-didit-api-key-not-for-production" })).toThrow(
      /DIDIT_API_KEY: is the simulators' development key/,
    );
    expect(() => loadConfig({ DIDIT_API_KEY: "didit-live-key-1" })).toThrow(/DIDIT_API_KEY: is for the real/);
    expect(() =>
      loadConfig({ ...live, DIDIT_API_KEY: "x", DIDIT_BASE_URL: "http://didit.example/" }),
    ).toThrow(
      /DIDIT_API_KEY: must be at least 8 characters[\s\S]*DIDIT_BASE_URL: must be an https:\/\/ address in production/,
    );
  });

  it("refuses the simulators' development keys, plain http and a bad allow-list where real money moves", () => {
    expect(() =>
      loadConfig({ ...live, PAYSTACK_SECRET_KEY: "sk_test_simulator_not_for_production" }),
    ).toThrow(/PAYSTACK_SECRET_KEY: is the simulators' development key/);
    expect(() => loadConfig({ ...live, VTPASS_SECRET_KEY: "SK_sim_vtpass_not_for_production" })).toThrow(
      /VTPASS_SECRET_KEY: is the simulators' development key/,
    );
    expect(() => loadConfig({ ...live, VTPASS_BASE_URL: "http://vtpass.com/api/" })).toThrow(
      /VTPASS_BASE_URL: must be an https:\/\/ address in production/,
    );
    const { TOTP_KEY: _key, ...withoutTotpKey } = live;
    expect(() => loadConfig(withoutTotpKey)).toThrow(/TOTP_KEY: is required when the simulators are off/);
    expect(() => loadConfig({ ...live, TOTP_KEY: developmentTotpKey })).toThrow(
      /TOTP_KEY: is the development key/,
    );
    expect(() => loadConfig({ ...live, TOTP_KEY: "too short" })).toThrow(/TOTP_KEY: must be 64 hexadecimal/);
    const { VOUCHER_KEY: _voucherKey, ...withoutVoucherKey } = live;
    expect(() => loadConfig(withoutVoucherKey)).toThrow(
      /VOUCHER_KEY: is required when the simulators are off/,
    );
    expect(() => loadConfig({ ...live, VOUCHER_KEY: developmentVoucherKey })).toThrow(
      /VOUCHER_KEY: is the development key/,
    );
    expect(() => loadConfig({ ...live, VOUCHER_KEY: live.TOTP_KEY })).toThrow(/VOUCHER_KEY: is TOTP_KEY/);
    expect(() => loadConfig({ ...live, VOUCHER_KEY: "short" })).toThrow(
      /VOUCHER_KEY: must be 64 hexadecimal/,
    );
    expect(() => loadConfig({ ...live, PAYSTACK_WEBHOOK_IPS: "paystack, not-an-ip" })).toThrow(
      /PAYSTACK_WEBHOOK_IPS/,
    );
    expect(loadConfig({ ...live, PAYSTACK_WEBHOOK_IPS: "paystack, 10.0.0.9" }).paystackWebhookIps).toEqual([
      "52.31.139.75",
      "52.49.173.169",
      "52.214.14.220",
      "10.0.0.9",
    ]);
    // Staging: off, in development, against VTpass's sandbox and Paystack's test mode.
    expect(
      loadConfig({
        ...live,
        NODE_ENV: "development",
        SIMULATORS: "off",
        PAYSTACK_SECRET_KEY: "sk_test_abcdefghijkl",
      }),
    ).toMatchObject({ simulators: false, paystackPreferredBank: "test-bank" });
  });

  describe("PIN_KEYS", () => {
    const newer = "9c1d".repeat(16);
    const older = "44ab".repeat(16);

    it("lists id:secret pairs, the first hashing new PINs and the rest still checking theirs", () => {
      expect(
        loadConfig({ ...live, PIN_KEYS: ` 2026b:${newer.toUpperCase()} , 2026a:${older}` }).pinKeys,
      ).toEqual([
        { id: "2026b", secret: Buffer.from(newer, "hex") },
        { id: "2026a", secret: Buffer.from(older, "hex") },
      ]);
    });

    it("is required in production, the simulators' included, and whenever the simulators are off", () => {
      const { PIN_KEYS: _keys, ...withoutPinKeys } = live;
      const required = /PIN_KEYS: is required in production and when the simulators are off/;
      expect(() => loadConfig(withoutPinKeys)).toThrow(required);
      expect(() => loadConfig({ NODE_ENV: "production", SIMULATORS: "on" })).toThrow(required);
      expect(() => loadConfig({ ...withoutPinKeys, NODE_ENV: "development", SIMULATORS: "off" })).toThrow(
        required,
      );
    });

    it("refuses the development key wherever it is required, whatever id it is listed under", () => {
      const development = `${developmentPinKey.id}:${developmentPinKey.secret}`;
      expect(() => loadConfig({ ...live, PIN_KEYS: development })).toThrow(
        /PIN_KEYS: holds the development key; set a random one/,
      );
      expect(() =>
        loadConfig({ ...live, PIN_KEYS: `${live.PIN_KEYS},old:${developmentPinKey.secret}` }),
      ).toThrow(/PIN_KEYS: holds the development key/);
      expect(() => loadConfig({ NODE_ENV: "production", SIMULATORS: "on", PIN_KEYS: development })).toThrow(
        /PIN_KEYS: holds the development key/,
      );
    });

    it("refuses a short or malformed key, a repeated id and TOTP_KEY, never repeating a secret", () => {
      const short = "5a7e".repeat(8);
      const refusal = (PIN_KEYS: string) => {
        try {
          loadConfig({ ...live, PIN_KEYS });
        } catch (error) {
          return (error as Error).message;
        }
        throw new Error(`PIN_KEYS=${PIN_KEYS} was taken`);
      };
      const tooShort = refusal(`2026b:${short}`);
      expect(tooShort).toMatch(/PIN_KEYS: entry 1 \(2026b\): the secret must be 64 hexadecimal characters/);
      expect(tooShort).not.toContain(short);
      expect(refusal(`2026b:${newer}:extra`)).toMatch(/PIN_KEYS: entry 1 \(2026b\) must be id:secret/);
      expect(refusal(newer)).toMatch(/PIN_KEYS: entry 1 must be id:secret/);
      expect(refusal(`bad id:${newer}`)).toMatch(/PIN_KEYS: entry 1 must be id:secret/);
      expect(refusal(`a:${newer},a:${older}`)).toMatch(/PIN_KEYS: entry 2 \(a\): the id is listed twice/);
      expect(refusal(" , ")).toMatch(/PIN_KEYS: must list at least one id:secret/);
      expect(refusal(`2026b:${live.TOTP_KEY}`)).toMatch(/PIN_KEYS: holds TOTP_KEY/);
    });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ SMTP_URL: "not a url" }, "SMTP_URL"],
    [{ SESSION_IDLE_MINUTES: "0" }, "SESSION_IDLE_MINUTES"],
    [{ ADMIN_EMAIL: "admin@example.com" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "password1234" }, "ADMIN_PASSWORD"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SIMULATORS: "maybe" }, "SIMULATORS"],
    [{ PROVIDERS: "vtpass,sandbox" }, "PROVIDERS"],
    [{ PROVIDERS: "vtpass,vtpass" }, "PROVIDERS"],
    [{ PROVIDERS: " , " }, "PROVIDERS"],
    [{ MSORG_BASE_URL: "ftp://vendor.example" }, "MSORG_BASE_URL"],
    [{ GATEWAY: "sandbox" }, "GATEWAY"],
    [{ FUNDING_EXPIRY_HOURS: "0" }, "FUNDING_EXPIRY_HOURS"],
  ])("stops on %j naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});

describe("the first admin", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());
  const logger = pino({ level: "silent" });

  it("is created from ADMIN_EMAIL and ADMIN_PASSWORD once, and can sign in", async () => {
    const admin = { email: "Boss@Example.com", password: "admin password 1" };
    await ensureFirstAdmin({ db: server.db, clock: server.clock, logger }, admin);
    await ensureFirstAdmin(
      { db: server.db, clock: server.clock, logger },
      { email: "other@example.com", password: "x".repeat(10) },
    );
    const admins = await server.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins.map((a) => a.email)).toEqual(["boss@example.com"]);
    const login = await server.sendOk("POST /auth/login", {
      body: { email: "boss@example.com", password: admin.password },
    });
    expect(login).toMatchObject({ role: "admin" });
    const profile = await server.sendOk("GET /auth/profile", { token: login.token });
    expect(profile).toMatchObject({ role: "admin", wallet: null });
  });
});
