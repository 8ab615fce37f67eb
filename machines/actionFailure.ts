import { fieldMessages } from "../schemas/envelope";

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

/**
 * Tells the web client that the screen shows this refusal, so it is not toasted as well
 * (src/api/client.ts, `ApiFailure.showOnScreen`). Read by shape, as above.
 */
export function markShownOnScreen(error: unknown): void {
  if (typeof error !== "object" || error === null || !("showOnScreen" in error)) return;
  if (typeof error.showOnScreen === "function") error.showOnScreen();
}

/**
 * What went wrong, from an actor's error event, in words a screen can show. A machine keeps these to
 * show them, so the refusal is marked as shown on screen and the client does not toast it as well.
 */
export function failureMessage(event: unknown): string {
  const error = typeof event === "object" && event !== null && "error" in event ? event.error : undefined;
  markShownOnScreen(error);
  return describeFailure(error).message;
}
