/** A notice as the spec describes it: whether it shows, its message, title and type. */
export interface Notice {
  status: boolean;
  message: string;
  title?: string;
  type?: string;
}

export type NoticeType = "success" | "error";

export interface ShownNotice {
  status: boolean;
  message: string;
  title: string;
  type: NoticeType;
}

/**
 * Spec section 2: the type is lowercased and defaults to error; a missing title becomes
 * "Success Response" for success and "Error Response" otherwise.
 */
export function normaliseNotice(notice: Notice): ShownNotice {
  const type: NoticeType = notice.type?.trim().toLowerCase() === "success" ? "success" : "error";
  const title = notice.title?.trim() || (type === "success" ? "Success Response" : "Error Response");
  return { status: notice.status, message: notice.message, title, type };
}

/** Notifier closes itself after 5000 ms unless told otherwise. */
export const notifierDefaults = { autoHideMs: 5000, dismissText: "Dismiss" } as const;

/** Toasts, as the spec's second description configures them. */
export const toastRules = {
  successMs: 3000,
  errorMs: 5000,
  limit: 20,
  position: "top-center",
  widthPx: 500,
} as const;
