import type { Role } from "../../schemas/common";

/** `apiKey`: a program's call with an API key (`Authorization: Bearer ojk_…`), never a session. */
export type Access = "public" | "signedIn" | "apiKey" | readonly Role[];

/**
 * Who may call which path, decided in one place by path prefix (paths are under /api, without the
 * trailing slash). The longest matching prefix wins; a path no rule names needs a session.
 */
export const accessRules: ReadonlyArray<{ prefix: string; access: Access }> = [
  { prefix: "/openapi.json", access: "public" },
  { prefix: "/status", access: "public" },
  { prefix: "/webhooks", access: "public" },
  { prefix: "/auth/register", access: "public" },
  { prefix: "/auth/code/verify", access: "public" },
  { prefix: "/auth/login", access: "public" },
  { prefix: "/auth/password-reset", access: "public" },
  { prefix: "/auth/password/change", access: "signedIn" },
  { prefix: "/auth/totp", access: ["staff", "admin"] },
  { prefix: "/auth/logout", access: "signedIn" },
  { prefix: "/auth/profile", access: "signedIn" },
  // A customer's own money paths. Staff and admins hold no wallet: the people who can fund wallets
  // cannot spend from one, so these are customers only.
  { prefix: "/core/customer", access: ["customer"] },
  { prefix: "/customer", access: ["customer"] },
  { prefix: "/core/staff", access: ["staff", "admin"] },
  { prefix: "/staff", access: ["staff", "admin"] },
  { prefix: "/sys.admin", access: ["admin"] },
  // OjaPay's own API for resellers' programs (docs/RESELLERS.md): API keys only.
  { prefix: "/v1", access: "apiKey" },
];

/**
 * Staff and admin paths a session may call before it has passed the authenticator code: the ones that
 * set the authenticator up and check its code. Every other staff and admin path needs the code first.
 */
const beforeSecondFactor = ["/auth/totp"];

export function opensBeforeSecondFactor(path: string): boolean {
  return beforeSecondFactor.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function accessFor(path: string): Access {
  let best: { prefix: string; access: Access } | undefined;
  for (const rule of accessRules) {
    const matches = path === rule.prefix || path.startsWith(`${rule.prefix}/`);
    if (matches && (!best || rule.prefix.length > best.prefix.length)) best = rule;
  }
  return best?.access ?? "signedIn";
}
