import { z } from "zod/mini";
import { parseNaira } from "../../../format/money";

/*
 * The Create key form's checks, in the words of the server's schema (schemas/apiKeys.ts). That schema
 * is not imported here: its zod url, IPv4 and IPv6 rules would join the code every signed-in page
 * loads (0.7 kB, past the sign-in page's budget), so the URL and addresses are checked with the
 * browser's own URL parser instead. tests/unit/createKeyForm.test.ts holds both to the same answers
 * on a table of inputs, and the server checks again: its words for a field show under that field.
 */

const nameWords = "Name the key: 2 to 40 characters.";
const isHttpsUrl = (text: string) => {
  try {
    return new URL(text).protocol === "https:";
  } catch {
    return false;
  }
};
const ipv4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/;
const isIpv6 = (text: string) => text.includes(":") && isHttpsUrl(`https://[${text}]/`);
const isAddress = (text: string) => ipv4.test(text) || isIpv6(text);
const orNone = (text: string) => (text.trim() === "" ? undefined : text.trim());
const notAnAmount = "Enter the cap in naira, like 50,000, or leave it empty.";

/** A webhook URL as typed: https only, at most 500 characters, no user name or password in it. */
export const webhookUrlText = z.string().check(
  z.trim(),
  z.maxLength(500, "Use a URL of at most 500 characters."),
  z.refine(isHttpsUrl, "Use an https:// URL."),
  z.refine((url) => !/^https:\/\/[^/]*@/.test(url), "Leave the user name and password out of the URL."),
);

/** The form as typed (text in every box), turned into the create body: empty is none, naira become kobo. */
export const createKeyForm = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(2, nameWords), z.maxLength(40, nameWords)),
  webhook_url: z.pipe(z.pipe(z.string(), z.transform(orNone)), z.optional(webhookUrlText)),
  // One a line, or separated by commas or spaces.
  allowed_ips: z.pipe(
    z.string().check(
      z.refine(
        (text) =>
          text
            .split(/[\s,]+/)
            .filter(Boolean)
            .every(isAddress),
        "Use an IPv4 or IPv6 address.",
      ),
      z.refine((text) => text.split(/[\s,]+/).filter(Boolean).length <= 20, "List at most 20 addresses."),
    ),
    z.transform((text: string) => {
      const addresses = text.split(/[\s,]+/).filter(Boolean);
      return addresses.length > 0 ? addresses : undefined;
    }),
  ),
  daily_cap: z.pipe(
    z.string().check(
      z.refine((text) => orNone(text) === undefined || parseNaira(text) !== null, notAnAmount),
      z.refine(
        (text) => orNone(text) === undefined || (parseNaira(text) ?? 0) >= 100,
        "Set a cap of at least ₦1, or none.",
      ),
    ),
    z.transform((text: string) => (orNone(text) === undefined ? undefined : (parseNaira(text) ?? 0))),
  ),
});

export type CreateKeyFormInput = z.input<typeof createKeyForm>;
// What the form gives is sent as the create body: the call's type holds the two together.
export type CreateKeyFormOutput = z.output<typeof createKeyForm>;
export const emptyCreateKeyForm: CreateKeyFormInput = {
  name: "",
  webhook_url: "",
  allowed_ips: "",
  daily_cap: "",
};

/** The form's fields, which a refusal from the server may name. */
export const createKeyFields = ["name", "webhook_url", "allowed_ips", "daily_cap"] as const;
