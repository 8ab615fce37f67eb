import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldErrors } from "../schemas/readable";
import { type RefusalCode, refusalStatus } from "../schemas/refusals";
import { sessionExpiredMessage } from "../schemas/sessionExpiry";

/**
 * A refusal the caller should see, thrown by services and the HTTP layer alike: its stable `code`
 * (which fixes the status), the `msg` a person reads, and optionally `data` and per-field messages.
 */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly msg: string,
    readonly details: { fields?: FieldErrors; data?: unknown } = {},
  ) {
    super(msg);
    this.name = "Refusal";
  }

  get status(): ContentfulStatusCode {
    return refusalStatus(this.code);
  }

  get fields(): FieldErrors | undefined {
    return this.details.fields;
  }

  get data(): unknown {
    return this.details.data ?? null;
  }
}

/** A refusal of one field's value: the message both as `msg` and under the field's name. */
export const fieldRefusal = (field: string, msg: string, code: RefusalCode = "invalid_input") =>
  new Refusal(code, msg, { fields: { [field]: [msg] } });

export const messages = {
  noCredentials: "Authentication credentials were not provided.",
  sessionExpired: sessionExpiredMessage,
  secondFactorNeeded: "Finish signing in with the code from your authenticator app first.",
  forbidden: "You do not have permission to perform this action.",
  notFound: "Not found.",
  unexpected: "Something went wrong",
  badJson: "The request body must be valid JSON.",
  notAnObject: "The request body must be a JSON object.",
  nulCharacter: "Text may not contain the NUL character (U+0000).",
  tooLarge: "The request body is too large.",
} as const;

export const notFound = (msg: string = messages.notFound) => new Refusal("not_found", msg);
