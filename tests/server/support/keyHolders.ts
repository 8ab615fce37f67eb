import type { ApiKeyCreateBody } from "../../../schemas/apiKeys";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import type { TestServer } from "./testServer";

export interface KeyHolderOptions {
  /** What the wallet holds, in kobo (default ₦20,000). */
  kobo?: number;
  level?: LevelSlug;
  tier?: 2 | 3;
  /** The key's settings besides its name: a webhook URL, allowed addresses, a daily cap. */
  keyBody?: Partial<ApiKeyCreateBody>;
  /** The customer's names, for tests that search for them. */
  names?: Partial<Record<string, string>>;
}

/**
 * A funded customer at a level with API access and KYC tier 2, set by an admin as the console does,
 * holding one API key made as the Developer page makes it: who most reseller tests start from. The
 * admin signs in afresh each time, as tests move the clock past sessions.
 */
export async function keyHolder(server: TestServer, options: KeyHolderOptions = {}) {
  const admin = await server.signedInOperator("admin");
  const customer = await server.fundedCustomer(options.kobo ?? 20_000_00, "1357", options.names ?? {});
  await server.sendOk("PATCH /sys.admin/users/:id", {
    token: admin.token,
    params: { id: customer.id },
    body: { level: options.level ?? "reseller" },
  });
  await server.sendOk("POST /sys.admin/users/:id/kyc", {
    token: admin.token,
    params: { id: customer.id },
    body: { tier: options.tier ?? 2, reason: "Checked for the reseller tests" },
  });
  const made = await server.sendOk("POST /core/customer/api-keys", {
    token: customer.token,
    body: { name: "Shop bot", ...options.keyBody },
  });
  return { ...customer, admin, key: made.key, keyId: made.id, signingSecret: made.signing_secret, made };
}
