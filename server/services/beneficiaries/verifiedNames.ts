import { and, eq } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { beneficiaries } from "../../db/schema";

/** A number the wizard's verify step checked, and for which TV provider or disco. */
export type VerifiedNumber =
  | { kind: "smartcard"; number: string; providerId: number }
  | { kind: "meter"; number: string; discoId: number };

/**
 * Keeps the name the provider just gave for a number the customer has saved, so the saved entry
 * shows the latest. A number not saved is left unsaved: a check is not a request to keep it.
 */
export async function rememberVerifiedName(
  deps: { db: Queryable; clock: Clock },
  userId: string,
  verified: VerifiedNumber,
  name: string,
): Promise<void> {
  const target =
    verified.kind === "smartcard"
      ? eq(beneficiaries.providerId, verified.providerId)
      : eq(beneficiaries.discoId, verified.discoId);
  await deps.db
    .update(beneficiaries)
    .set({ verifiedName: name, verifiedAt: deps.clock.now() })
    .where(
      and(
        eq(beneficiaries.userId, userId),
        eq(beneficiaries.kind, verified.kind),
        eq(beneficiaries.number, verified.number),
        target,
      ),
    );
}
