import { aliasedTable, asc, count, desc, eq, lt, ne, type SQL, sql } from "drizzle-orm";
import type { StaffDispute } from "../../../schemas/disputes";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { offsetOf, pageOf } from "../../db/paging";
import { disputes, transactions, users } from "../../db/schema";
import { notFound } from "../../refusal";
import type { DisputeRow } from "./disputeViews";

const resolver = aliasedTable(users, "resolver");
const redelivery = aliasedTable(transactions, "redelivery");

const columns = {
  dispute: disputes,
  purchase: transactions,
  customer: users,
  resolvedBy: resolver.email,
  redeliveryReference: redelivery.reference,
};

type Found = {
  dispute: DisputeRow;
  purchase: typeof transactions.$inferSelect;
  customer: typeof users.$inferSelect;
  resolvedBy: string | null;
  redeliveryReference: string | null;
};

function staffDisputeView({ dispute: d, purchase: p, customer: c, ...also }: Found, now: Date): StaffDispute {
  return {
    id: d.id,
    status: d.status,
    reason: d.reason,
    details: d.details,
    opened_at: d.openedAt.toISOString(),
    deadline: d.deadline.toISOString(),
    overdue: d.status === "open" && now > d.deadline,
    requery:
      d.requeryStatus && d.requeriedAt
        ? {
            status: d.requeryStatus as NonNullable<StaffDispute["requery"]>["status"],
            message: d.requeryMessage,
            at: d.requeriedAt.toISOString(),
          }
        : null,
    resolved_at: d.resolvedAt?.toISOString() ?? null,
    resolved_by: also.resolvedBy,
    note: d.note,
    redelivery_reference: also.redeliveryReference,
    purchase: {
      id: p.id,
      reference: p.reference,
      kind: p.kind,
      status: p.status,
      description: p.description,
      recipient: p.recipient,
      total: p.total,
      created_at: p.createdAt.toISOString(),
    },
    customer: { id: c.id, first_name: c.firstName, last_name: c.lastName, email: c.email, phone: c.phone },
  };
}

const joined = (db: Database, where: SQL | undefined) =>
  db
    .select(columns)
    .from(disputes)
    .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
    .innerJoin(users, eq(users.id, disputes.userId))
    .leftJoin(resolver, eq(resolver.id, disputes.resolvedBy))
    .leftJoin(redelivery, eq(redelivery.id, disputes.redeliveryId))
    .where(where);

/** The open disputes, oldest first (the queue), or the closed ones, latest closed first. */
export async function listDisputes(
  deps: { db: Database; clock: Clock },
  query: { state: "open" | "closed"; page: number; page_size: number },
) {
  const open = query.state === "open";
  const where = open ? eq(disputes.status, "open") : ne(disputes.status, "open");
  const [total] = await deps.db.select({ n: count() }).from(disputes).where(where);
  const rows = await joined(deps.db, where)
    .orderBy(open ? asc(disputes.openedAt) : desc(disputes.resolvedAt), asc(disputes.id))
    .limit(query.page_size)
    .offset(offsetOf(query));
  const now = deps.clock.now();
  return pageOf(
    query,
    total?.n,
    rows.map((row) => staffDisputeView(row, now)),
  );
}

export async function disputeDetail(deps: { db: Database; clock: Clock }, id: string) {
  const [row] = await joined(deps.db, eq(disputes.id, id));
  if (!row) throw notFound("No dispute with that id.");
  return staffDisputeView(row, deps.clock.now());
}

/** For the console's dashboard: how many disputes are open, and how many of those are past their deadline. */
export async function disputeCounts(db: Database, now: Date) {
  const [row] = await db
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${lt(disputes.deadline, now)})`.mapWith(Number),
    })
    .from(disputes)
    .where(eq(disputes.status, "open"));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}
