import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiFailure } from "../api/client";

/**
 * Puts the server's per-field messages under the fields the person typed in, and when any lands
 * there, marks the refusal as shown on screen so the client does not toast it as well. `rewrite` lets
 * a screen say a message its own way (the duplicate-email wording of spec section 5).
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
  rewrite: (field: string, message: string, failure: ApiFailure) => string = (_f, m) => m,
) {
  if (!(error instanceof ApiFailure) || !error.fields) return;
  for (const [field, messages] of Object.entries(error.fields)) {
    const message = messages[0];
    if (message && known.includes(field)) {
      setError(field as Path<T>, { type: "server", message: rewrite(field, message, error) });
      error.showOnScreen();
    }
  }
}
