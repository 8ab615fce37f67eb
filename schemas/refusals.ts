import { z } from "zod/mini";

/**
 * Every refusal the API gives, by a stable name, with the one HTTP status it always has. A caller
 * recognises a condition by `code` (the words in `msg` are for people and may be reworded); the
 * OpenAPI document lists the same names.
 */
export const refusalStatuses = {
  /** A field or the body broke the schema or a rule about its value; `fields` says which. */
  invalid_input: 400,
  /** The body was not JSON, or not a JSON object. */
  bad_json: 400,
  wrong_credentials: 400,
  /** A one-time code (emailed or from an authenticator) was wrong or has expired. */
  wrong_code: 400,
  code_used: 400,
  wrong_pin: 400,
  pin_not_set: 400,
  insufficient_funds: 400,
  /** A KYC tier's daily or balance limit would be passed; `msg` says how to raise it. */
  limit_reached: 400,
  /** The thing asked for cannot be done in its present state (refund a pending purchase, etc.). */
  not_allowed: 400,
  /** The identity record found does not carry the profile's names. */
  identity_mismatch: 400,
  /**
   * A catalogue write would sell something below what it costs us; `fields` names the price. Sent
   * again with `sell_at_loss: { reason }`, it is saved and the reason audited.
   */
  below_cost: 400,
  no_credentials: 401,
  session_expired: 401,
  bad_signature: 401,
  /** The API key is unknown, revoked or not a key at all. */
  invalid_key: 401,
  forbidden: 403,
  account_deactivated: 403,
  /** The account's email is not confirmed yet; `data` names the email to confirm. */
  email_unverified: 403,
  /** Purchases and funding are switched off for this account by staff. */
  account_restricted: 403,
  second_factor_needed: 403,
  /**
   * Many wrong passwords were tried on this email: signing in needs the code mailed to its owner too
   * (`code` in the body). Answered alike whether or not the password was right.
   */
  sign_in_code_needed: 403,
  not_found: 404,
  /** It is already so (refunded, authenticator set up). */
  already_done: 409,
  already_exists: 409,
  /** The same purchase moments ago; `data.duplicate_of` names it, and `allow_duplicate` buys again. */
  possible_duplicate: 409,
  request_id_reused: 409,
  request_in_progress: 409,
  changed_meanwhile: 409,
  /** Another account already has this email; `fields.email` says so. */
  email_taken: 409,
  payment_closed: 409,
  too_large: 413,
  /** Too many wrong tries (PIN, code): locked for a while. */
  locked: 423,
  too_many_attempts: 429,
  /** Too many requests from one address, or a new code asked for too soon. */
  rate_limited: 429,
  unexpected: 500,
  /** The emergency switch is on: `msg` is the admin's message. */
  sales_paused: 503,
  /** A network, plan or provider is switched off. */
  product_unavailable: 503,
  /** A provider, gateway or identity service could not answer; nothing was charged. */
  service_unavailable: 503,
} as const;

export type RefusalCode = keyof typeof refusalStatuses;

const codes = Object.keys(refusalStatuses) as [RefusalCode, ...RefusalCode[]];

export const refusalCode = z.enum(codes).check(
  z.meta({
    description: "What was refused, by a stable name; each always comes with the same HTTP status",
  }),
);

export const refusalStatus = (code: RefusalCode) => refusalStatuses[code];
