import { z } from "zod/mini";
import {
  email,
  integer,
  oneTimeCode,
  password,
  pastDate,
  personName,
  phone,
  pin,
  role,
  timestamp,
} from "./common";
import { kycTier } from "./kyc";

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
 * that signs in with that password before the email is confirmed (server/services/signUpTickets.ts).
 */
export const signUpTicket = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "This sign-up is not recognised. Sign in with your password." }),
    z.meta({ title: "Sign-up ticket" }),
  );
/** A mailed link's 256-bit token (base64url). */
export const linkToken = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "This link is not valid. Open it from the email again." }),
    z.meta({ title: "Link token" }),
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

export const loginBody = z.strictObject({
  email,
  password: z
    .string()
    .check(
      z.minLength(1, { error: "Password is required." }),
      z.maxLength(128),
      z.meta({ title: "Password" }),
    ),
  code: z.optional(
    oneTimeCode.check(
      z.meta({
        description: "The emailed sign-in code, when the account asks for one (`sign_in_code_needed`)",
      }),
    ),
  ),
});
export type LoginBody = z.infer<typeof loginBody>;
export const loginResult = z.object({ token: z.string(), role, expires_at: timestamp });
export type LoginResult = z.infer<typeof loginResult>;
export const unverifiedLogin = z.object({
  email: z.string(),
  verified: z.literal(false),
  ticket: z.optional(signUpTicket),
});

export const wallet = z.object({
  number: z.string().check(z.regex(/^\d{10}$/)),
  balance: integer().check(z.meta({ description: "Kobo" })),
});

export const profile = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role,
  can_transact: z.boolean(),
  email_verified: z.boolean(),
  has_pin: z.boolean(),
  date_of_birth: z.nullable(z.iso.date()),
  date_joined: timestamp,
  referral_code: z.string(),
  wallet: z
    .nullable(wallet)
    .check(z.meta({ description: "Customers only; staff and admins hold no wallet" })),
  kyc_tier: z
    .nullable(kycTier)
    .check(z.meta({ description: "Customers only: the KYC tier (schemas/kyc.ts)" })),
  second_factor: z.enum(["not_needed", "setup", "code", "done"]).check(
    z.meta({
      description:
        "Staff and admins: whether this session must still set up an authenticator or type its code before the console opens",
    }),
  ),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdateBody = z
  .strictObject({
    first_name: z.optional(personName("First name")),
    last_name: z.optional(personName("Last name")),
    phone: z.optional(phone),
    date_of_birth: z.optional(z.nullable(pastDate)).check(z.meta({ title: "Date of birth" })),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { error: "Change at least one field." }));
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const pinResetConfirmBody = z.strictObject({ code: oneTimeCode, new_pin: pin });
export type PinResetConfirmBody = z.infer<typeof pinResetConfirmBody>;

export const passwordResetBody = z.strictObject({ email });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;
export const newPassword = password.check(
  z.meta({ title: "New password", description: "At least 10 characters" }),
);
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

export const passwordChangeBody = z.strictObject({
  current_password: z
    .string()
    .check(
      z.minLength(1, { error: "Enter your current password." }),
      z.maxLength(128),
      z.meta({ title: "Current password" }),
    ),
  new_password: newPassword,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/** A 6-digit authenticator code, or one of the recovery codes given at setup (xxxx-xxxx-xxxx-xxxx). */
export const secondFactorBody = z.strictObject({
  code: z.string().check(
    z.trim(),
    z.toLowerCase(),
    z.regex(/^(\d{6}|[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})$/, {
      error: "Enter the 6-digit code from your authenticator app, or a recovery code.",
    }),
    z.meta({ title: "Authenticator code" }),
  ),
});
export const totpSetupResult = z.object({
  secret: z.string().check(z.meta({ description: "The key in base32, for typing into the app by hand" })),
  otpauth_uri: z.string(),
  qr_svg: z.string().check(z.meta({ description: "The otpauth URI as a QR code, an SVG document" })),
});
export const totpConfirmResult = z.object({
  recovery_codes: z
    .array(z.string())
    .check(z.meta({ description: "Shown once; each works once in place of a code" })),
});

export const noBody = z.strictObject({});
