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

export function describeFailure(error: unknown): ActionFailure {
  const shaped = (error ?? {}) as { msg?: unknown; message?: unknown; status?: unknown; fields?: unknown };
  const message =
    typeof shaped.msg === "string"
      ? shaped.msg
      : typeof shaped.message === "string"
        ? shaped.message
        : "Something went wrong";
  const status = typeof shaped.status === "number" ? shaped.status : null;
  const fields =
    shaped.fields && typeof shaped.fields === "object" && Object.keys(shaped.fields).length > 0
      ? (shaped.fields as Record<string, string[]>)
      : null;
  return { message, status, fields };
}
