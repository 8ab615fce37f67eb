import { asc, count, desc, eq } from "drizzle-orm";
import type { KycChangeRequestBody } from "../../../schemas/kycRequests";
import type { ChangeRequestView } from "../../../schemas/kycReview";
import type { KycStatus, ReviewStatus } from "../../../schemas/kycStatus";
import type { Clock } from "../../clock";
import type { Database, Queryable } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { offsetOf, type PageRequest, pageOf } from "../../db/paging";
import { profileChangeRequests, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { IdentityVerifier } from "../../outside/identityVerifier";
import { fieldRefusal, notFound, Refusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { pendingConfirmation } from "./identityConfirmations";
import { kycStatusOf } from "./kycStatus";
import { checkSummaryOf, checksOf, found, reviewedAccountOf, reviewerOf, usersById } from "./reviewViews";

type Deps = { db: Database; clock: Clock; identity: IdentityVerifier | null };
type RequestRow = typeof profileChangeRequests.$inferSelect;

/** How many of the customer's latest checks a correction shows beside it. */
const checksShown = 10;

/**
 * A customer whose names and date of birth a check fixed asks for them to be corrected. Nothing
 * changes now: staff see the request beside the customer's checks in the console and apply or refuse
 * it, so a failed check can no longer be followed by a rename to the record's names.
 */
export async function requestDetailChange(
  deps: Deps,
  user: UserRow,
  body: KycChangeRequestBody,
): Promise<KycStatus> {
  const [current] = await deps.db.select().from(users).where(eq(users.id, user.id));
  if (!current) throw notFound();
  if (current.identityVerifiedAt) {
    throw new Refusal(
      "not_allowed",
      "Your details were checked against your BVN or NIN. Contact support to change them.",
    );
  }
  if (!current.identityLockedAt) {
    throw new Refusal(
      "not_allowed",
      "Your name and date of birth are not fixed yet: change them under Personal details.",
    );
  }
  if (await pendingConfirmation(deps.db, user.id)) {
    throw new Refusal(
      "not_allowed",
      "Your BVN or NIN matched the details on your profile and is waiting to be confirmed: there is nothing to correct.",
    );
  }
  const requested = {
    firstName: body.first_name ?? current.firstName,
    lastName: body.last_name ?? current.lastName,
    dateOfBirth: body.date_of_birth ?? current.dateOfBirth,
  };
  if (!requested.dateOfBirth) throw fieldRefusal("date_of_birth", "Give your date of birth.");
  if (
    requested.firstName === current.firstName &&
    requested.lastName === current.lastName &&
    requested.dateOfBirth === current.dateOfBirth
  ) {
    throw new Refusal("invalid_input", "These are the details on your profile already.", {
      fields: { _: ["These are the details on your profile already."] },
    });
  }
  try {
    await deps.db.insert(profileChangeRequests).values({
      userId: user.id,
      firstName: requested.firstName,
      lastName: requested.lastName,
      dateOfBirth: requested.dateOfBirth,
      firstNameBefore: current.firstName,
      lastNameBefore: current.lastName,
      dateOfBirthBefore: current.dateOfBirth,
      note: body.note || null,
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new Refusal("already_exists", "You already have a correction waiting for review.");
  }
  return kycStatusOf(deps.db, deps.clock, current, deps.identity);
}

/** The queue: pending ones oldest first (first come, first served), decided ones newest first. */
export async function listChangeRequests(
  db: Queryable,
  query: PageRequest & { status: ReviewStatus },
): Promise<{ count: number; page: number; page_size: number; results: ChangeRequestView[] }> {
  const where = eq(profileChangeRequests.status, query.status);
  const order =
    query.status === "pending" ? asc(profileChangeRequests.createdAt) : desc(profileChangeRequests.createdAt);
  const [total] = await db.select({ n: count() }).from(profileChangeRequests).where(where);
  const rows = await db
    .select()
    .from(profileChangeRequests)
    .where(where)
    .orderBy(order, asc(profileChangeRequests.id))
    .limit(query.page_size)
    .offset(offsetOf(query));
  return pageOf(query, total?.n, await viewsOf(db, rows));
}

async function viewsOf(db: Queryable, rows: RequestRow[]): Promise<ChangeRequestView[]> {
  const people = await usersById(db, [...rows.map((r) => r.userId), ...rows.map((r) => r.resolvedBy)]);
  const checks = await checksOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    customer: reviewedAccountOf(found(people, row.userId)),
    before: {
      first_name: row.firstNameBefore,
      last_name: row.lastNameBefore,
      date_of_birth: row.dateOfBirthBefore,
    },
    requested: { first_name: row.firstName, last_name: row.lastName, date_of_birth: row.dateOfBirth },
    note: row.note,
    checks: (checks.get(row.userId) ?? []).slice(0, checksShown).map(checkSummaryOf),
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedBy ? reviewerOf(people.get(row.resolvedBy)) : null,
    resolution: row.resolution,
  }));
}

/**
 * Staff apply a correction (the profile takes the requested names and date of birth) or refuse it,
 * with a reason, audited in the same transaction. The details stay fixed either way: the customer
 * checks again with what staff let stand.
 */
export async function decideChangeRequest(
  deps: Deps,
  actor: Actor,
  id: string,
  decision: "approve" | "reject",
  reason: string,
): Promise<ChangeRequestView> {
  await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(profileChangeRequests)
      .where(eq(profileChangeRequests.id, id))
      .for("update");
    if (!request) throw notFound("No correction with that id.");
    if (request.status !== "pending") {
      throw new Refusal("already_done", `This correction was ${request.status} already.`);
    }
    const [customer] = await tx.select().from(users).where(eq(users.id, request.userId)).for("update");
    if (!customer) throw notFound("No user with that id.");
    const details = (row: { firstName: string; lastName: string; dateOfBirth: string | null }) => ({
      first_name: row.firstName,
      last_name: row.lastName,
      date_of_birth: row.dateOfBirth,
    });
    const now = deps.clock.now();
    if (decision === "approve") {
      if (customer.identityVerifiedAt) {
        throw new Refusal(
          "not_allowed",
          "This customer has verified an identity since: an admin can change their names in Manage users.",
        );
      }
      const unchanged =
        customer.firstName === request.firstNameBefore &&
        customer.lastName === request.lastNameBefore &&
        customer.dateOfBirth === request.dateOfBirthBefore;
      if (!unchanged) {
        throw new Refusal(
          "changed_meanwhile",
          "The customer's details changed since they asked. Reject this one and let them ask again.",
        );
      }
      await tx
        .update(users)
        .set({
          firstName: request.firstName,
          lastName: request.lastName,
          dateOfBirth: request.dateOfBirth,
          updatedAt: now,
        })
        .where(eq(users.id, customer.id));
    }
    const status = decision === "approve" ? "approved" : "rejected";
    await tx
      .update(profileChangeRequests)
      .set({ status, resolvedAt: now, resolvedBy: actor.user.id, resolution: reason })
      .where(eq(profileChangeRequests.id, id));
    await recordAuditBy(tx, deps.clock, actor, {
      action: decision === "approve" ? "kyc.change.approve" : "kyc.change.reject",
      targetType: "user",
      targetId: customer.id,
      before: { request: id, status: "pending", ...details(customer) },
      after: {
        request: id,
        status,
        reason,
        ...(decision === "approve" ? details(request) : details(customer)),
      },
    });
  });
  const [row] = await deps.db.select().from(profileChangeRequests).where(eq(profileChangeRequests.id, id));
  if (!row) throw notFound("No correction with that id.");
  const [view] = await viewsOf(deps.db, [row]);
  if (!view) throw notFound("No correction with that id.");
  return view;
}
