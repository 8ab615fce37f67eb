import { refusalEnvelope } from "../schemas/envelope";

/**
 * Why a send failed, as plain data a machine can keep in its context and a saved snapshot can hold:
 * the words to show, the server's status (null when no answer came back from it) and its per-field
 * messages. Read off the error by shape, so machines need not import the web client.
 */
export interface ActionFailure {
  message: string;
  status: number | null;
  fields: Record<string, string[]> | null;
}

/** The refusal envelope's `fields`: messages keyed by the field's path. */
const fieldMessages = refusalEnvelope.shape.fields.def.innerType;

export function describeFailure(error: unknown): ActionFailure {
  const shaped: object = typeof error === "object" && error !== null ? error : {};
  const message =
    "msg" in shaped && typeof shaped.msg === "string"
      ? shaped.msg
      : "message" in shaped && typeof shaped.message === "string"
        ? shaped.message
        : "Something went wrong";
  const status = "status" in shaped && typeof shaped.status === "number" ? shaped.status : null;
  const fields = fieldMessages.safeParse("fields" in shaped ? shaped.fields : undefined);
  return {
    message,
    status,
    fields: fields.success && Object.keys(fields.data).length > 0 ? fields.data : null,
  };
}
