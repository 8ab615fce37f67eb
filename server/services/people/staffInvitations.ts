import { randomBytes } from "node:crypto";
import type { StaffInviteBody } from "../../../schemas/admin";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { staffInvitationMail } from "../../mail/messages";
import { enqueueMail, type MailOutbox } from "../../mail/outbox";
import { newReferralCode } from "../../randomIds";
import { fieldRefusal } from "../../refusal";
import { resetLink } from "../accounts/accounts";
import { freshCode, issueCode } from "../accounts/oneTimeCodes";
import { hashSecret } from "../accounts/secrets";
import { recordAudit } from "../audit";

export interface InvitationDeps {
  db: Database;
  clock: Clock;
  outbox: MailOutbox;
  config: Pick<Config, "publicUrl" | "totpKey">;
}

/** How long an invitation's link works: long enough for a weekend. */
export const invitationDays = 3;

/**
 * Makes a staff member or admin directly, with no password anyone knows, and mails them a link that
 * opens "choose your password" (a password-reset link, valid for `invitationDays`). Choosing the password proves the email; the first sign-in then sets up the
 * authenticator. A customer can no longer be promoted: staff never hold a customer's history or wallet.
 */
export async function inviteStaff(
  deps: InvitationDeps,
  actor: UserRow,
  body: StaffInviteBody,
  ip: string | null,
): Promise<{ id: string; email: string }> {
  const unusable = await hashSecret(randomBytes(32).toString("base64url"));
  const fresh = await freshCode();
  const now = deps.clock.now();
  let invited: UserRow;
  try {
    invited = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone,
          passwordHash: unusable,
          role: body.role,
          referralCode: newReferralCode(),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error("insert returned no user");
      const { token } = await issueCode(
        tx,
        deps.clock,
        { userId: user.id },
        user.email,
        "password_reset",
        fresh,
        invitationDays * 86_400_000,
      );
      const link = resetLink(deps, token ?? "", true);
      await enqueueMail(
        tx,
        deps,
        staffInvitationMail(user.email, user.firstName, user.role, link, invitationDays),
      );
      await recordAudit(tx, deps.clock, {
        actorId: actor.id,
        action: "staff.invite",
        targetType: "user",
        targetId: user.id,
        before: null,
        after: { email: user.email, role: user.role, first_name: user.firstName, last_name: user.lastName },
        ip,
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw fieldRefusal("email", "An account already uses this email.", "email_taken");
    throw error;
  }
  deps.outbox.kick();
  return { id: invited.id, email: invited.email };
}
