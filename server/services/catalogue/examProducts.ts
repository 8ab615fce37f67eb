import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  aboveJambPrice,
  type examProductCreate,
  type examProductPatch,
  jambPriceWords,
} from "../../../schemas/examProductStaff";
import type { Queryable } from "../../db/database";
import { examProducts, transactions } from "../../db/schema";
import { fieldRefusal, notFound } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import {
  auditPlanUpdate,
  codeTaken,
  type CatalogueDeps as Deps,
  judgePlanChange,
  oneWithOffers,
  withOffers,
} from "./catalogueChanges";

/**
 * Exam PINs as admins keep them (staff read them): added, edited and switched off, each write audited
 * in its transaction and judged by the pricing rule like a bouquet, against the dearest of its offers.
 */

type Row = typeof examProducts.$inferSelect;

// A purchase's order names its product by id (kinds/examPin.ts).
const sold = sql<boolean>`exists (select 1 from ${transactions} where ${transactions.kind} = 'exam_pin' and ${transactions.order}->>'productId' = (${examProducts}."id")::text)`;

const productView = (p: Row, hasSales: boolean) => ({
  id: p.id,
  exam: p.exam,
  code: p.code,
  name: p.name,
  face_value: p.faceValue,
  price: p.price,
  needs_profile: p.needsProfile,
  enabled: p.enabled,
  sort_order: p.sortOrder,
  has_sales: hasSales,
});
type View = ReturnType<typeof productView>;

/** JAMB's PINs, and only theirs, are bought for a candidate's profile (VTpass's `merchant-verify`). */
const needsProfile = (exam: Row["exam"]) => exam === "jamb";

function assertJambPrice(product: { exam: string; price: number; face_value: number }) {
  if (aboveJambPrice(product)) throw fieldRefusal("price", jambPriceWords(product.face_value));
}

export async function listExamProducts(deps: Pick<Deps, "db" | "providers">) {
  const rows = await deps.db
    .select({ product: examProducts, sold })
    .from(examProducts)
    .orderBy(asc(examProducts.sortOrder), asc(examProducts.id));
  return withOffers(
    deps,
    "exam_pin",
    rows.map((r) => productView(r.product, r.sold)),
  );
}

async function productWithSales(tx: Queryable, id: number) {
  const [row] = await tx
    .select({ product: examProducts, sold })
    .from(examProducts)
    .where(eq(examProducts.id, id))
    .for("update");
  return row;
}

/** A new PIN has no offer yet, so nothing sells it and the pricing rule has nothing to judge. */
export async function createExamProduct(deps: Deps, actor: Actor, body: z.output<typeof examProductCreate>) {
  const created = await codeTaken(
    () =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(examProducts)
          .values({
            exam: body.exam,
            code: body.code,
            name: body.name,
            faceValue: body.face_value,
            price: body.price,
            needsProfile: needsProfile(body.exam),
            enabled: body.enabled,
            sortOrder: body.sort_order,
          })
          .returning();
        if (!row) throw new Error("the exam PIN was not created");
        const view = productView(row, false);
        await recordAuditBy(tx, deps.clock, actor, {
          action: "plan.create",
          targetType: "exam_product",
          targetId: String(row.id),
          before: null,
          after: view,
        });
        return view;
      }),
    "exam PIN",
  );
  return oneWithOffers(deps, "exam_pin", created);
}

/** Locked while it changes: two admins editing different fields of one PIN keep both changes. */
export async function patchExamProduct(
  deps: Deps,
  actor: Actor,
  id: number,
  { sell_at_loss, ...patch }: z.output<typeof examProductPatch>,
) {
  const changed = await codeTaken(
    () =>
      deps.db.transaction(async (tx): Promise<View> => {
        const found = await productWithSales(tx, id);
        if (!found) throw notFound("No exam PIN with that id.");
        const before = productView(found.product, found.sold);
        const merged = { ...before, ...patch };
        assertJambPrice(merged);
        const lossReason = await judgePlanChange(tx, deps, {
          service: "exam_pin",
          id,
          patch,
          merged,
          sellAtLoss: sell_at_loss,
        });
        const [row] = await tx
          .update(examProducts)
          .set({
            exam: merged.exam,
            code: merged.code,
            name: merged.name,
            faceValue: merged.face_value,
            price: merged.price,
            needsProfile: needsProfile(merged.exam),
            enabled: merged.enabled,
            sortOrder: merged.sort_order,
          })
          .where(eq(examProducts.id, id))
          .returning();
        if (!row) throw notFound("No exam PIN with that id.");
        const after = productView(row, found.sold);
        await auditPlanUpdate(tx, deps, actor, { type: "exam_product", id }, { before, after, lossReason });
        return after;
      }),
    "exam PIN",
  );
  return oneWithOffers(deps, "exam_pin", changed);
}
