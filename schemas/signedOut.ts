import { z } from "zod/mini";
import { newPassword } from "./auth";
import { email, oneTimeCode, password, personName, phone } from "./common";

/**
 * What a visitor who is not signed in does besides signing in: signing up, confirming the email,
 * choosing a new password. Apart from schemas/auth.ts, so the sign-in page does not download them.
 */
/** A mailed link's 256-bit token (base64url). */
export const linkToken = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "This link is not valid. Open it from the email again." }),
    z.meta({ title: "Link token" }),
  );

export const referralCode = z
  .string()
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(/^[A-Z0-9]{6,12}$/, { error: "That referral code is not valid." }),
    z.meta({ title: "Referral code (optional)" }),
  );

export const registerBody = z.strictObject({
  first_name: personName("First name"),
  last_name: personName("Last name"),
  email,
  phone,
  password,
  referral_code: z.optional(referralCode),
});
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * Proof that the caller gave a sign-up's password: handed to the browser that signed up, and to one
 * that signs in with that password before the email is confirmed (server/services/accounts/signUpTickets.ts).
 */
export const signUpTicket = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "This sign-up is not recognised. Sign in with your password." }),
    z.meta({ title: "Sign-up ticket" }),
  );
export const registerResult = z.object({
  email: z.string(),
  ticket: signUpTicket.check(
    z.meta({ description: "Send it with the emailed code or link to confirm this sign-up" }),
  ),
});

/**
 * `{ email, ticket, code }` or `{ email, ticket, token }` (the mailed link's) confirms the sign-up the
 * ticket stands for; `{ email, ticket }` alone sends a new code.
 */
export const verifyCodeBody = z
  .strictObject({
    email,
    ticket: signUpTicket,
    code: z.optional(oneTimeCode),
    token: z.optional(linkToken),
  })
  .check(
    z.refine((body) => body.code === undefined || body.token === undefined, {
      error: "Send the code or the link's token, not both.",
      path: ["code"],
    }),
  );
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;
export const verifyCodeResult = z.object({ email: z.string(), verified: z.optional(z.literal(true)) });

export const passwordResetBody = z.strictObject({ email });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;
/** `{ token, new_password }` from the mailed link, or `{ email, code, new_password }` typed elsewhere. */
export const passwordResetConfirmBody = z
  .strictObject({
    email: z.optional(email),
    code: z.optional(oneTimeCode),
    token: z.optional(linkToken),
    new_password: newPassword,
  })
  .check(
    z.refine(
      (body) =>
        body.token !== undefined
          ? body.email === undefined && body.code === undefined
          : body.email !== undefined && body.code !== undefined,
      { error: "Open the link from the email, or enter your email and the code.", path: ["code"] },
    ),
  );
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;
