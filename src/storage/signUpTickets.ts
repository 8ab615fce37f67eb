import { clientStore } from "./clientStore";

/**
 * A sign-up's ticket proves this browser gave its password (server/services/accounts/signUpTickets.ts): the
 * emailed code or link confirms the email only with it. Kept by email for the sign-up's day, so a
 * link opened later in another tab of this browser still finds it.
 */
const lifetimeMs = 24 * 3_600_000;

type Tickets = Record<string, { ticket: string; until: number }>;

function saved(now: number): Tickets {
  const raw = clientStore.read("signUpTickets");
  const kept: Tickets = {};
  if (raw && typeof raw === "object") {
    for (const [email, entry] of Object.entries(raw as Record<string, unknown>)) {
      const { ticket, until } = (entry ?? {}) as { ticket?: unknown; until?: unknown };
      if (typeof ticket === "string" && typeof until === "number" && until > now)
        kept[email] = { ticket, until };
    }
  }
  return kept;
}

export const signUpTickets = {
  remember(email: string, ticket: string) {
    const now = Date.now();
    clientStore.write("signUpTickets", { ...saved(now), [email]: { ticket, until: now + lifetimeMs } });
  },
  /** The ticket for this email's sign-up, or "" (the server then says to sign in with the password). */
  for(email: string): string {
    return saved(Date.now())[email]?.ticket ?? "";
  },
  forget(email: string) {
    const { [email]: _gone, ...rest } = saved(Date.now());
    clientStore.write("signUpTickets", rest);
  },
};
