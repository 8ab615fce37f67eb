import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldErrors } from "../../schemas/readable";

/** A refusal the caller should see: its status, `msg`, and optionally `data` and `fields`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly msg: string,
    readonly data: unknown = null,
    readonly fields?: FieldErrors,
  ) {
    super(msg);
  }
}

export const messages = {
  noCredentials: "Authentication credentials were not provided.",
  sessionExpired: "Your session has expired. Kindly sign-in again.",
  secondFactorNeeded: "Finish signing in with the code from your authenticator app first.",
  forbidden: "You do not have permission to perform this action.",
  notFound: "Not found.",
  unexpected: "Something went wrong",
  badJson: "The request body must be valid JSON.",
  notAnObject: "The request body must be a JSON object.",
  nulCharacter: "Text may not contain the NUL character (U+0000).",
  tooLarge: "The request body is too large.",
} as const;

export const badRequest = (msg: string, fields?: FieldErrors, data: unknown = null) =>
  new ApiError(400, msg, data, fields);
export const notFound = (msg: string = messages.notFound) => new ApiError(404, msg);
export const forbidden = (msg: string = messages.forbidden, data: unknown = null) =>
  new ApiError(403, msg, data);
export const conflict = (msg: string, data: unknown = null) => new ApiError(409, msg, data);
export const locked = (msg: string) => new ApiError(423, msg);
export const tooManyRequests = (msg: string) => new ApiError(429, msg);
export const unavailable = (msg: string) => new ApiError(503, msg);
