import type { Context } from "hono";
import type { RefusalEnvelope } from "../../schemas/envelope";
import { messages, Refusal } from "../refusal";
import { jsonAnswer } from "./jsonAnswer";

/** The envelope of a refusal: its code, its message, its data and, for bad input, the messages per field. */
export function refusalBody(refusal: Refusal): RefusalEnvelope {
  return {
    status: false,
    code: refusal.code,
    msg: refusal.msg,
    data: refusal.data,
    ...(refusal.fields && { fields: refusal.fields }),
  };
}

export const answerRefusal = (c: Context, refusal: Refusal, headers: Record<string, string> = {}) =>
  jsonAnswer(c, refusalBody(refusal), refusal.status, headers);

/** Hono's own refusals (a malformed request it rejects before our code runs), under our codes. */
export function refusalForStatus(status: number, message: string): Refusal {
  if (status === 404) return new Refusal("not_found", message || messages.notFound);
  if (status === 413) return new Refusal("too_large", message || messages.tooLarge);
  if (status === 401) return new Refusal("no_credentials", message || messages.noCredentials);
  if (status === 403) return new Refusal("forbidden", message || messages.forbidden);
  return new Refusal("invalid_input", message || "The request is not valid.");
}
