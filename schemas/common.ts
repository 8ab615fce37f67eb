import { z } from "zod/mini";

/** Email addresses are compared and stored trimmed and lower-cased. */
export const email = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1),
    z.maxLength(254),
    z.email({ error: "Enter a valid email address." }),
    z.meta({ title: "Email address" }),
  );

const nigerianPhone = /^(?:\+?234|0)[789][01]\d{8}$/;

/** A Nigerian mobile number, accepted as 0803…, +234803… or 234803…, kept as 0803… (11 digits). */
export const phone = z.string().check(
  z.trim(),
  z.maxLength(20),
  z.regex(nigerianPhone, { error: "Enter a Nigerian mobile number, like 08031234567." }),
  z.overwrite((value) => value.replace(/^\+?234/, "0")),
  z.meta({ title: "Phone number", description: "Nigerian mobile number, for example 08031234567" }),
);

export const personName = (title: string) =>
  z.string().check(
    z.trim(),
    z.minLength(1, { error: `${title} is required.` }),
    z.maxLength(50, { error: `${title} must be at most 50 characters.` }),
    z.regex(/^[\p{L}\p{M}' .-]+$/u, {
      error: `${title} may only hold letters, spaces, hyphens and apostrophes.`,
    }),
    z.meta({ title }),
  );

/**
 * A new password: at least 10 characters and not only spaces. The server also refuses the common and
 * breached passwords and the account's own email or name (server/services/accounts/passwordPolicy.ts).
 */
export const password = z
  .string()
  .check(
    z.minLength(10, { error: "Password must be at least 10 characters." }),
    z.maxLength(128, { error: "Password must be at most 128 characters." }),
    z.regex(/\S/, { error: "Password cannot be only spaces." }),
    z.meta({ title: "Password", description: "At least 10 characters" }),
  );

/** What every new-password field says under itself: the rule above and the server's, in one line. */
export const passwordHint = "At least 10 characters; not a common password, your email or your name.";

export const pin = z
  .string()
  .check(
    z.regex(/^\d{4}$/, { error: "PIN must be exactly 4 digits." }),
    z.meta({ title: "Transaction PIN", description: "4 digits" }),
  );

export const oneTimeCode = z
  .string()
  .check(
    z.trim(),
    z.regex(/^\d{6}$/, { error: "Code must be the 6 digits we emailed you." }),
    z.meta({ title: "Code", description: "The 6-digit code we emailed you" }),
  );

/** A calendar date with no time, `YYYY-MM-DD`, no earlier than 1900 and not in the future. */
export const pastDate = z.iso.date({ error: "Enter a date as YYYY-MM-DD." }).check(
  z.refine((value) => value >= "1900-01-01" && value <= new Date().toISOString().slice(0, 10), {
    error: "Enter a real date in the past.",
  }),
);

export const timestamp = z.iso
  .datetime({ offset: true })
  .check(z.meta({ description: "ISO-8601 time, UTC" }));

/** Integer kobo (₦1 = 100 kobo); never a float, never naira. */
export const kobo = z
  .number()
  .check(z.int(), z.minimum(0), z.meta({ widget: "money", description: "Amount in kobo" }));

/**
 * The most any one amount a client sends may be: ₦1,000,000,000, the most an admin may set a KYC
 * tier's limits to, so no price, fee, cap or purchase is larger than any tier could ever allow. Sums
 * and percentages of such amounts stay exact in JavaScript numbers and far inside Postgres's bigint.
 */
export const maxKobo = 100_000_000_000;

/** An amount a client sends, in integer kobo from 0 to `maxKobo`. Results use `kobo`: totals may pass it. */
export const koboAmount = kobo.check(z.maximum(maxKobo, { error: "At most ₦1,000,000,000." }));

export const role = z.enum(["customer", "staff", "admin"]);
export type Role = z.infer<typeof role>;

/** A whole number: classic zod's `z.number().int()` in mini, the same schema (a number with an int check). */
export const integer = () => z.number().check(z.int());

/**
 * The largest ids the database can hold: a catalogue control (network, TV provider, disco) is a
 * smallint, a plan a serial. A larger number names nothing, and is refused as input rather than handed
 * to a query whose parameter cannot carry it.
 */
export const maxControlId = 32_767;
export const maxPlanId = 2_147_483_647;

/** The last page a list may be asked for: 10 million rows at the longest page, an offset any database takes. */
export const maxPage = 100_000;

/**
 * Which page of a list, and how long a page is: the base of every list's query. Every query refuses a
 * key it does not know (400 naming it), so a misspelt filter is never quietly ignored to list everything.
 */
export const pageQuery = z.strictObject({
  page: z._default(z.coerce.number<number | string>().check(z.int(), z.minimum(1), z.maximum(maxPage)), 1),
  page_size: z._default(z.coerce.number<number | string>().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});

export function page<T extends z.ZodMiniType>(item: T) {
  return z.object({
    count: integer(),
    page: integer(),
    page_size: integer(),
    results: z.array(item),
  });
}

export const idParam = z.strictObject({ id: z.uuid({ error: "Not found." }) });
