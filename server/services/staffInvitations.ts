import { randomBytes } from "node:crypto";
import type { StaffInviteBody } from "../../schemas/admin";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { users } from "../db/schema";
import type { UserRow } from "../deps";
import { type Mailer, sendQuietly } from "../mail/mailer";
import { staffInvitationMail } from "../mail/messages";
import { fieldRefusal } from "../refusal";
import { recordAudit } from "./audit";
import { freshCode, issueCode } from "./oneTimeCodes";
import { newReferralCode } from "./randomIds";
import { hashSecret } from "./secrets";

export interface InvitationDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, "publicUrl">;
  logger: { error(obj: object, msg: string): void };
}

/** How long an invitation's code works: long enough for a weekend. */
export const invitationDays = 3;

/**
 * Makes a staff member or admin directly, with no password anyone knows, and mails them a link that
 * opens "choose a new password" with a 6-digit code filled in (the password-reset code, valid for
 * `invitationDays`). Choosing the password proves the email; the first sign-in then sets up the
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
  let invited: { user: UserRow; code: string };
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
      const code = await issueCode(
        tx,
        deps.clock,
        user,
        "password_reset",
        fresh,
        invitationDays * 86_400_000,
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
      return { user, code };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw fieldRefusal("email", "An account already uses this email.", "email_taken");
    throw error;
  }
  const { user, code } = invited;
  const link = `${deps.config.publicUrl}/auth/forgot-password?email=${encodeURIComponent(user.email)}&code=${code}`;
  await sendQuietly(deps, staffInvitationMail(user.email, user.firstName, user.role, link, invitationDays));
  return { id: user.id, email: user.email };
}
