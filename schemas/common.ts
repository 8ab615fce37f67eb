import { z } from "zod";

/** Email addresses are compared and stored trimmed and lower-cased. */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(254)
  .check(z.email({ error: "Enter a valid email address." }))
  .meta({ title: "Email address" });

const nigerianPhone = /^(?:\+?234|0)[789][01]\d{8}$/;

/** A Nigerian mobile number, accepted as 0803…, +234803… or 234803…, kept as 0803… (11 digits). */
export const phone = z
  .string()
  .trim()
  .max(20)
  .regex(nigerianPhone, { error: "Enter a Nigerian mobile number, like 08031234567." })
  .overwrite((value) => value.replace(/^\+?234/, "0"))
  .meta({ title: "Phone number", description: "Nigerian mobile number, for example 08031234567" });

export const personName = (title: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${title} is required.` })
    .max(50, { error: `${title} must be at most 50 characters.` })
    .regex(/^[\p{L}\p{M}' .-]+$/u, {
      error: `${title} may only hold letters, spaces, hyphens and apostrophes.`,
    })
    .meta({ title });

/**
 * A new password: at least 10 characters and not only spaces. The server also refuses the common and
 * breached passwords and the account's own email or name (server/services/passwordPolicy.ts).
 */
export const password = z
  .string()
  .min(10, { error: "Password must be at least 10 characters." })
  .max(128, { error: "Password must be at most 128 characters." })
  .regex(/\S/, { error: "Password cannot be only spaces." })
  .meta({ title: "Password", description: "At least 10 characters" });

export const pin = z
  .string()
  .regex(/^\d{4}$/, { error: "PIN must be exactly 4 digits." })
  .meta({ title: "Transaction PIN", description: "4 digits" });

export const oneTimeCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: "Code must be the 6 digits we emailed you." })
  .meta({ title: "Code", description: "The 6-digit code we emailed you" });

/** A calendar date with no time, `YYYY-MM-DD`, no earlier than 1900 and not in the future. */
export const pastDate = z.iso
  .date({ error: "Enter a date as YYYY-MM-DD." })
  .refine((value) => value >= "1900-01-01" && value <= new Date().toISOString().slice(0, 10), {
    error: "Enter a real date in the past.",
  });

export const timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO-8601 time, UTC" });

/** Integer kobo (₦1 = 100 kobo); never a float, never naira. */
export const kobo = z.number().int().min(0).meta({ widget: "money", description: "Amount in kobo" });

export const role = z.enum(["customer", "staff", "admin"]);
export type Role = z.infer<typeof role>;

/**
 * Which page of a list, and how long a page is: the base of every list's query. Every query refuses a
 * key it does not know (400 naming it), so a misspelt filter is never quietly ignored to list everything.
 */
export const pageQuery = z.strictObject({
  page: z.coerce.number<number | string>().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number<number | string>().int().min(1).max(100).default(20),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });
}

export const idParam = z.strictObject({ id: z.uuid({ error: "Not found." }) });
