import { and, asc, count, desc, eq } from "drizzle-orm";
import type { MatchReviewView } from "../../../schemas/kycMatchReview";
import type { ReviewStatus } from "../../../schemas/kycStatus";
import type { Clock } from "../../clock";
import type { Database, Queryable } from "../../db/database";
import { offsetOf, type PageRequest, pageOf } from "../../db/paging";
import { identityChecks, identityConfirmations } from "../../db/schema";
import { notFound } from "../../refusal";
import type { Actor } from "../people/actor";
import { closeConfirmation } from "./identityConfirmations";
import { checkSummaryOf, checksOf, found, reviewedAccountOf, reviewerOf, usersById } from "./reviewViews";

/** How many of the customer's latest checks a match shows beside it. */
const checksShown = 10;

/**
 * The queue of matched checks staff confirm: pending ones oldest first, decided ones newest first.
 * Only those that went to staff: a code's confirmation is never theirs to decide.
 */
export async function listMatchReviews(
  db: Queryable,
  query: PageRequest & { status: ReviewStatus },
): Promise<{ count: number; page: number; page_size: number; results: MatchReviewView[] }> {
  const where = and(eq(identityConfirmations.way, "review"), eq(identityConfirmations.status, query.status));
  const order =
    query.status === "pending" ? asc(identityConfirmations.createdAt) : desc(identityConfirmations.createdAt);
  const [total] = await db.select({ n: count() }).from(identityConfirmations).where(where);
  const rows = await db
    .select({ confirmation: identityConfirmations, check: identityChecks })
    .from(identityConfirmations)
    .innerJoin(identityChecks, eq(identityChecks.id, identityConfirmations.checkId))
    .where(where)
    .orderBy(order, asc(identityConfirmations.id))
    .limit(query.page_size)
    .offset(offsetOf(query));
  return pageOf(query, total?.n, await viewsOf(db, rows));
}

type Row = {
  confirmation: typeof identityConfirmations.$inferSelect;
  check: typeof identityChecks.$inferSelect;
};

async function viewsOf(db: Queryable, rows: Row[]): Promise<MatchReviewView[]> {
  const people = await usersById(db, [
    ...rows.map((r) => r.confirmation.userId),
    ...rows.map((r) => r.confirmation.resolvedBy),
  ]);
  const checks = await checksOf(
    db,
    rows.map((r) => r.confirmation.userId),
  );
  return rows.map(({ confirmation: c, check }) => ({
    id: c.id,
    status: c.status === "ended" ? "rejected" : c.status,
    reason: c.reason ?? "no_registry_phone",
    id_type: check.idType,
    id_last4: check.last4,
    record_name: check.recordName,
    record_phone: c.phone,
    customer: reviewedAccountOf(found(people, c.userId)),
    checks: (checks.get(c.userId) ?? []).slice(0, checksShown).map(checkSummaryOf),
    created_at: c.createdAt.toISOString(),
    resolved_at: c.resolvedAt?.toISOString() ?? null,
    resolved_by: c.resolvedBy ? reviewerOf(people.get(c.resolvedBy)) : null,
    resolution: c.resolution,
  }));
}

/**
 * Staff confirm a match is the customer's (tier 2, the registry's name) or refuse it, with a reason,
 * audited in the same transaction (identityConfirmations.ts closes it once, whoever races it).
 */
export async function decideMatchReview(
  deps: { db: Database; clock: Clock },
  actor: Actor,
  id: string,
  decision: "approve" | "reject",
  reason: string,
): Promise<MatchReviewView> {
  const [row] = await deps.db
    .select({ way: identityConfirmations.way })
    .from(identityConfirmations)
    .where(eq(identityConfirmations.id, id));
  if (row?.way !== "review") throw notFound("No identity match with that id.");
  await closeConfirmation(
    deps,
    id,
    actor,
    decision === "approve" ? "kyc.match.approve" : "kyc.match.reject",
    reason,
  );
  const rows = await deps.db
    .select({ confirmation: identityConfirmations, check: identityChecks })
    .from(identityConfirmations)
    .innerJoin(identityChecks, eq(identityChecks.id, identityConfirmations.checkId))
    .where(eq(identityConfirmations.id, id));
  const [view] = await viewsOf(deps.db, rows);
  if (!view) throw notFound("No identity match with that id.");
  return view;
}
