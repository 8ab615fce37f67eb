import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { AuditState } from "../../../schemas/auditFields";
import { identityTypeName } from "../../../schemas/kyc";
import type { KycContestBody } from "../../../schemas/kycRequests";
import type { ContestView } from "../../../schemas/kycReview";
import type { KycStatus, ReviewStatus } from "../../../schemas/kycStatus";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable, Transaction } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { offsetOf, type PageRequest, pageOf } from "../../db/paging";
import { identityChecks, identityConfirmations, identityContests, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { IdentityVerifier } from "../../outside/identityVerifier";
import { notFound, Refusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { identityFingerprint } from "./identityChecks";
import { checkedTier, kycStatusOf } from "./kycStatus";
import { checkSummaryOf, found, reviewedAccountOf, reviewerOf, usersById } from "./reviewViews";

type Deps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, "totpKey">;
  identity: IdentityVerifier | null;
};
type ContestRow = typeof identityContests.$inferSelect;

/**
 * The true owner of a number another account verified first contests it. Only a customer whose own
 * details the registry matched for that number may (their check ended "taken"), so a contest is never
 * a way to learn whose a number is; the other account learns nothing of it either.
 */
export async function contestIdentity(deps: Deps, user: UserRow, body: KycContestBody): Promise<KycStatus> {
  const kind = identityTypeName[body.id_type];
  if (user.identityVerifiedAt) {
    throw new Refusal("not_allowed", "Your identity is already verified.");
  }
  const fingerprint = identityFingerprint(deps.config.totpKey, body.id_type, body.number);
  const [holder] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.identityFingerprint, fingerprint), ne(users.id, user.id)))
    .limit(1);
  const [matched] = await deps.db
    .select({ id: identityChecks.id })
    .from(identityChecks)
    .where(
      and(
        eq(identityChecks.userId, user.id),
        eq(identityChecks.fingerprint, fingerprint),
        eq(identityChecks.outcome, "taken"),
      ),
    )
    .limit(1);
  if (!holder || !matched) {
    const msg = `Check this ${kind} with Verify Details first: a contest is for a number the registry says is yours but another account holds.`;
    throw new Refusal("not_allowed", msg, { fields: { number: [msg] } });
  }
  try {
    await deps.db.insert(identityContests).values({
      claimantId: user.id,
      holderId: holder.id,
      idType: body.id_type,
      last4: body.number.slice(-4),
      fingerprint,
      note: body.note || null,
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new Refusal("already_exists", "You already have a contest waiting for review.");
  }
  return kycStatusOf(deps.db, deps.clock, user, deps.identity);
}

/** The queue: pending ones oldest first, decided ones newest first, each with both accounts. */
export async function listContests(
  db: Queryable,
  query: PageRequest & { status: ReviewStatus },
): Promise<{ count: number; page: number; page_size: number; results: ContestView[] }> {
  const where = eq(identityContests.status, query.status);
  const order =
    query.status === "pending" ? asc(identityContests.createdAt) : desc(identityContests.createdAt);
  const [total] = await db.select({ n: count() }).from(identityContests).where(where);
  const rows = await db
    .select()
    .from(identityContests)
    .where(where)
    .orderBy(order, asc(identityContests.id))
    .limit(query.page_size)
    .offset(offsetOf(query));
  return pageOf(query, total?.n, await viewsOf(db, rows));
}

async function viewsOf(db: Queryable, rows: ContestRow[]): Promise<ContestView[]> {
  const people = await usersById(
    db,
    rows.flatMap((r) => [r.claimantId, r.holderId, r.resolvedBy]),
  );
  const fingerprints = [...new Set(rows.map((r) => r.fingerprint))];
  const checks =
    fingerprints.length === 0
      ? []
      : await db
          .select()
          .from(identityChecks)
          .where(inArray(identityChecks.fingerprint, fingerprints))
          .orderBy(desc(identityChecks.createdAt));
  const account = (row: ContestRow, id: string) => {
    const user = found(people, id);
    return {
      ...reviewedAccountOf(user),
      holds_number: user.identityFingerprint === row.fingerprint,
      checks: checks.filter((c) => c.userId === id && c.fingerprint === row.fingerprint).map(checkSummaryOf),
    };
  };
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    id_type: row.idType,
    id_last4: row.last4,
    note: row.note,
    claimant: account(row, row.claimantId),
    holder: account(row, row.holderId),
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedBy ? reviewerOf(people.get(row.resolvedBy)) : null,
    resolution: row.resolution,
  }));
}

/** Links the number to the contesting account; another account taking it meanwhile undoes the decision. */
async function moveTo(tx: Transaction, claimantId: string, values: Partial<typeof users.$inferInsert>) {
  try {
    await tx.update(users).set(values).where(eq(users.id, claimantId));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new Refusal(
      "changed_meanwhile",
      "Another account took this number meanwhile. Open the contest again.",
    );
  }
}

/** What the audit keeps of each account a contest touches. */
const identityOf = (user: UserRow) => ({
  id: user.id,
  tier: user.kycTier,
  tier_source: user.kycTierSource,
  id_type: user.identityType,
  id_last4: user.identityLast4,
  verified_at: user.identityVerifiedAt?.toISOString() ?? null,
});

/**
 * Staff decide a contest, with a reason, audited in the same transaction. Approving moves the number
 * to the contesting customer, whom the registry matched (tier 2, its record's name), and drops
 * whichever account holds it now to tier 1 with the reason on it; rejecting leaves both as they are.
 */
export async function decideContest(
  deps: Deps,
  actor: Actor,
  id: string,
  decision: "approve" | "reject",
  reason: string,
): Promise<ContestView> {
  await deps.db.transaction(async (tx) => {
    const [contest] = await tx
      .select()
      .from(identityContests)
      .where(eq(identityContests.id, id))
      .for("update");
    if (!contest) throw notFound("No contest with that id.");
    if (contest.status !== "pending")
      throw new Refusal("already_done", `This contest was ${contest.status} already.`);
    // Both accounts locked in one order (by id), so two decisions about the same pair cannot deadlock.
    const holderNow = await tx
      .select()
      .from(users)
      .where(eq(users.identityFingerprint, contest.fingerprint))
      .limit(1);
    const ids = [contest.claimantId, ...holderNow.map((u) => u.id)].sort();
    const locked = await tx
      .select()
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.id))
      .for("update");
    const claimant = locked.find((u) => u.id === contest.claimantId);
    const holder = locked.find(
      (u) => u.id !== contest.claimantId && u.identityFingerprint === contest.fingerprint,
    );
    if (!claimant) throw notFound("No user with that id.");
    const now = deps.clock.now();
    const status = decision === "approve" ? "approved" : "rejected";
    let after: AuditState = { status, reason };
    if (decision === "approve") {
      if (claimant.identityVerifiedAt) {
        throw new Refusal("not_allowed", "The contesting customer has verified an identity since.");
      }
      const [match] = await tx
        .select()
        .from(identityChecks)
        .where(
          and(
            eq(identityChecks.userId, claimant.id),
            eq(identityChecks.fingerprint, contest.fingerprint),
            eq(identityChecks.outcome, "taken"),
          ),
        )
        .orderBy(desc(identityChecks.createdAt))
        .limit(1);
      const kind = identityTypeName[contest.idType];
      if (holder) {
        await tx
          .update(users)
          .set({
            kycTier: 1,
            kycTierSource: "admin",
            kycTierReason: `${kind} ending ${contest.last4} moved to another account after a contest: ${reason}`,
            identityType: null,
            identityLast4: null,
            identityFingerprint: null,
            identityName: null,
            identityVerifiedAt: null,
            updatedAt: now,
          })
          .where(eq(users.id, holder.id));
      }
      // A match of the claimant's still waiting for its code or staff is moot once the number is theirs.
      await tx
        .update(identityConfirmations)
        .set({ status: "ended", resolvedAt: now })
        .where(
          and(eq(identityConfirmations.userId, claimant.id), eq(identityConfirmations.status, "pending")),
        );
      await moveTo(tx, claimant.id, {
        kycTier: Math.max(claimant.kycTier, checkedTier),
        kycTierSource: claimant.kycTier > checkedTier ? claimant.kycTierSource : "identity_check",
        kycTierReason: claimant.kycTier > checkedTier ? claimant.kycTierReason : null,
        identityType: contest.idType,
        identityLast4: contest.last4,
        identityFingerprint: contest.fingerprint,
        identityName: match?.recordName ?? null,
        identityVerifiedAt: now,
        updatedAt: now,
      });
      after = {
        status,
        reason,
        claimant: {
          ...identityOf(claimant),
          tier: Math.max(claimant.kycTier, checkedTier),
          id_last4: contest.last4,
        },
        holder: holder
          ? { ...identityOf(holder), tier: 1, id_type: null, id_last4: null, verified_at: null }
          : null,
      };
    }
    await tx
      .update(identityContests)
      .set({ status, resolvedAt: now, resolvedBy: actor.user.id, resolution: reason })
      .where(eq(identityContests.id, id));
    await recordAuditBy(tx, deps.clock, actor, {
      action: decision === "approve" ? "kyc.contest.approve" : "kyc.contest.reject",
      targetType: "identity_contest",
      targetId: id,
      before: {
        status: "pending",
        claimant: identityOf(claimant),
        holder: holder ? identityOf(holder) : null,
      },
      after,
    });
  });
  const [row] = await deps.db.select().from(identityContests).where(eq(identityContests.id, id));
  if (!row) throw notFound("No contest with that id.");
  const [view] = await viewsOf(deps.db, [row]);
  if (!view) throw notFound("No contest with that id.");
  return view;
}
