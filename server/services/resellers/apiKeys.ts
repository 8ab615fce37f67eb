import { createHash, hkdfSync, randomBytes } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod/mini";
import {
  type ApiKey,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type apiKeyListQuery,
  maxLiveApiKeys,
} from "../../../schemas/apiKeys";
import type { ApiKeyLimitsBody } from "../../../schemas/apiKeyViews";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Transaction } from "../../db/database";
import { offsetOf, pageOf } from "../../db/paging";
import { apiKeys, priceLevels, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { privateAddressIn } from "../../outside/webhooks/webhookPost";
import { fieldRefusal, notFound, Refusal } from "../../refusal";
import { recordAudit } from "../audit";

type ApiKeyRow = typeof apiKeys.$inferSelect;
type Deps = {
  db: Database;
  clock: Clock;
  config: { totpKey: Buffer; webhooks: Pick<Config["webhooks"], "allowPrivate"> };
};

/** Keys read `ojk_<12 characters of prefix>_<the secret>`: the prefix finds the row, the whole key's hash proves it. */
const keyPattern = /^ojk_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** 72 random bits of prefix (found by an index, shown in lists) and 256 of secret; base62 and base64url. */
function newKey(): { key: string; prefix: string } {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  // 256 is a multiple of 62 only in part: bytes at 248 and above are skipped, so every letter is as likely.
  let prefix = "";
  while (prefix.length < 12) {
    for (const byte of randomBytes(16)) if (byte < 248 && prefix.length < 12) prefix += alphabet[byte % 62];
  }
  return { key: `ojk_${prefix}_${randomBytes(32).toString("base64url")}`, prefix };
}

/**
 * The secret a key's webhooks are signed with: derived from TOTP_KEY and the key's id (HKDF), so it
 * is shown at creation and stored nowhere; a copy of the database alone cannot sign a delivery.
 */
export function signingSecretOf(totpKey: Buffer, keyId: string): string {
  return Buffer.from(hkdfSync("sha256", totpKey, keyId, "ojapay webhook signing", 32)).toString("base64url");
}

function apiKeyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    webhook_url: row.webhookUrl,
    allowed_ips: row.allowedIps,
    rate_per_second: row.ratePerSecond,
    burst: row.burst,
    daily_cap: row.dailyCap,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(apiKeyView);
}

/** Why this account may not hold keys, or null when it may: a level with API access, and KYC tier 2. */
function keyRefusal(user: UserRow, apiAccess: boolean): Refusal | null {
  if (!apiAccess)
    return new Refusal(
      "forbidden",
      "API keys are for the Reseller and API levels. Upgrade your level first.",
    );
  if (user.kycTier < 2)
    return new Refusal(
      "forbidden",
      "API keys need KYC tier 2: verify your BVN or NIN on your profile first.",
    );
  return null;
}

/**
 * A webhook URL that names a private, loopback or otherwise non-public address outright is refused as
 * it is set, so its owner learns at once rather than from deliveries that never leave; a name is
 * judged when each delivery connects.
 */
function assertWebhookReachable(deps: Deps, webhookUrl: string | null | undefined): void {
  if (!webhookUrl || deps.config.webhooks.allowPrivate) return;
  const host = privateAddressIn(new URL(webhookUrl));
  if (host !== null)
    throw fieldRefusal(
      "webhook_url",
      `Use a public address: ${host} is private, loopback or reserved, and webhooks are never sent there.`,
    );
}

const auditOf = (row: ApiKeyRow) => ({
  name: row.name,
  prefix: row.prefix,
  webhook_url: row.webhookUrl,
  allowed_ips: row.allowedIps,
  daily_cap: row.dailyCap,
});

/**
 * A new key for the caller, shown with its signing secret this once. The account's row is locked
 * while its live keys are counted, so parallel requests cannot pass the limit together.
 */
export async function createApiKey(deps: Deps, caller: UserRow, body: ApiKeyCreateBody, ip: string | null) {
  assertWebhookReachable(deps, body.webhook_url);
  const { key, prefix } = newKey();
  const row = await deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ user: users, apiAccess: priceLevels.apiAccess })
      .from(users)
      .innerJoin(priceLevels, eq(priceLevels.slug, users.priceLevel))
      .where(eq(users.id, caller.id))
      .for("update", { of: users });
    if (!account) throw notFound("No such account.");
    const refusal = keyRefusal(account.user, account.apiAccess);
    if (refusal) throw refusal;
    const [{ live } = { live: 0 }] = await tx
      .select({ live: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, caller.id), isNull(apiKeys.revokedAt)));
    if (live >= maxLiveApiKeys)
      throw new Refusal(
        "not_allowed",
        `You hold ${maxLiveApiKeys} keys already. Revoke one you no longer use first.`,
      );
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId: caller.id,
        name: body.name,
        prefix,
        keyHash: keyHashOf(key),
        webhookUrl: body.webhook_url ?? null,
        allowedIps: body.allowed_ips ?? [],
        dailyCap: body.daily_cap ?? null,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!created) throw new Error("the key was not written");
    await recordAudit(tx, deps.clock, {
      actorId: caller.id,
      action: "api_key.create",
      targetType: "api_key",
      targetId: created.id,
      before: null,
      after: auditOf(created),
      ip,
    });
    return created;
  });
  const created: ApiKeyCreated = {
    ...apiKeyView(row),
    key,
    signing_secret: signingSecretOf(deps.config.totpKey, row.id),
  };
  return created;
}

/** A key locked for a change: the owner's own (another's is not found), or any (`owner` null: the console). */
async function lockedKey(tx: Transaction, id: string, owner: string | null): Promise<ApiKeyRow> {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(owner === null ? eq(apiKeys.id, id) : and(eq(apiKeys.id, id), eq(apiKeys.userId, owner)))
    .for("update");
  if (!row) throw notFound("No such key.");
  return row;
}

/**
 * Revokes a key: the owner's own (`owner` given: another's is not found) or, from the console, any
 * (`owner` null). Revoking a revoked key answers it as it is; the revocation is audited with who did it.
 */
export async function revokeApiKey(
  deps: Deps,
  actor: UserRow,
  id: string,
  owner: string | null,
  ip: string | null,
): Promise<ApiKey> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedKey(tx, id, owner);
    if (row.revokedAt) return apiKeyView(row);
    const now = deps.clock.now();
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now, revokedBy: actor.id })
      .where(eq(apiKeys.id, id))
      .returning();
    if (!revoked) throw notFound("No such key.");
    await recordAudit(tx, deps.clock, {
      actorId: actor.id,
      action: "api_key.revoke",
      targetType: "api_key",
      targetId: id,
      before: { ...auditOf(row), revoked_at: null },
      after: { ...auditOf(row), revoked_at: now.toISOString() },
      ip,
    });
    return apiKeyView(revoked);
  });
}

/** Sets or removes the webhook URL of one of the owner's live keys, audited; deliveries already made keep theirs. */
export async function setKeyWebhook(
  deps: Deps,
  owner: UserRow,
  id: string,
  webhookUrl: string | null,
  ip: string | null,
): Promise<ApiKey> {
  assertWebhookReachable(deps, webhookUrl);
  return deps.db.transaction(async (tx) => {
    const row = await lockedKey(tx, id, owner.id);
    if (row.revokedAt) throw notFound("No such key.");
    const [changed] = await tx.update(apiKeys).set({ webhookUrl }).where(eq(apiKeys.id, id)).returning();
    if (!changed) throw notFound("No such key.");
    if (row.webhookUrl !== webhookUrl)
      await recordAudit(tx, deps.clock, {
        actorId: owner.id,
        action: "api_key.update",
        targetType: "api_key",
        targetId: id,
        before: auditOf(row),
        after: auditOf(changed),
        ip,
      });
    return apiKeyView(changed);
  });
}

/**
 * An admin's change to a live key's limits, audited with the admin as actor. The limits are the key's
 * row, which every call reads as it counts itself, so the change holds at once on every instance.
 */
export async function setKeyLimits(
  deps: Deps,
  admin: UserRow,
  id: string,
  limits: ApiKeyLimitsBody,
  ip: string | null,
): Promise<ApiKey> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedKey(tx, id, null);
    if (row.revokedAt) throw notFound("No such key.");
    const ratePerSecond = limits.rate_per_second ?? row.ratePerSecond;
    const burst = limits.burst ?? row.burst;
    if (burst < ratePerSecond)
      throw fieldRefusal("burst", `Allow a burst of at least the rate, ${ratePerSecond} calls.`);
    const [changed] = await tx
      .update(apiKeys)
      .set({
        ratePerSecond,
        burst,
        ...(limits.daily_cap !== undefined && { dailyCap: limits.daily_cap }),
      })
      .where(eq(apiKeys.id, id))
      .returning();
    if (!changed) throw notFound("No such key.");
    const limitsOf = (key: ApiKeyRow) => ({
      prefix: key.prefix,
      rate_per_second: key.ratePerSecond,
      burst: key.burst,
      daily_cap: key.dailyCap,
    });
    await recordAudit(tx, deps.clock, {
      actorId: admin.id,
      action: "api_key.update",
      targetType: "api_key",
      targetId: id,
      before: limitsOf(row),
      after: limitsOf(changed),
      ip,
    });
    return apiKeyView(changed);
  });
}

/** Every key with whose it is, newest first, for the console; `live` keeps only live or only revoked ones. */
export async function listAllApiKeys(db: Database, query: z.output<typeof apiKeyListQuery>) {
  const where =
    query.live === undefined
      ? undefined
      : query.live === "true"
        ? isNull(apiKeys.revokedAt)
        : isNotNull(apiKeys.revokedAt);
  const total = await db.$count(apiKeys, where);
  const rows = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(query.page_size)
    .offset(offsetOf(query));
  return pageOf(
    query,
    total,
    rows.map(({ key, user }) => ({
      ...apiKeyView(key),
      owner: {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        email: user.email,
        level: user.priceLevel,
      },
    })),
  );
}

/** A sent key's prefix, or null for a string that is no key of ours (never looked up). */
export const keyPrefixOf = (sent: string): string | null => keyPattern.exec(sent)?.[1] ?? null;

/**
 * What a key is stored as. A call's key is found by its prefix and this hash together: the hash of
 * 256 random bits gives a guesser nothing to learn from how long a comparison took.
 */
export const keyHashOf = sha256;
