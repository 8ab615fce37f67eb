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
import { kycTier } from "./kycTier";
import { levelSlug } from "./levelSlugs";

export const loginBody = z.strictObject({
  email,
  password: z
    .string()
    .check(
      z.minLength(1, { error: "Password is required." }),
      z.maxLength(128),
      z.meta({ title: "Password" }),
    ),
  /** The emailed sign-in code, when the account asks for one (`sign_in_code_needed`). */
  code: z.optional(oneTimeCode),
});
export type LoginBody = z.infer<typeof loginBody>;
export const loginResult = z.object({ token: z.string(), role, expires_at: timestamp });
export type LoginResult = z.infer<typeof loginResult>;
export const unverifiedLogin = z.object({
  email: z.string(),
  verified: z.literal(false),
  ticket: z.optional(z.string()),
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
  level: z
    .nullable(levelSlug)
    .check(z.meta({ description: "Customers only: the price level (schemas/levels.ts)" })),
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

export const newPassword = password.check(
  z.meta({ title: "New password", description: "At least 10 characters" }),
);
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
