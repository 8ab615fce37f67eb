import { act, screen } from "@testing-library/react";
import type { Profile } from "../../schemas/auth";
import type { AccountsApi } from "../../src/api/accountsApi";
import type { AdminApi } from "../../src/api/adminApi";
import type { CustomerApi } from "../../src/api/customerApi";
import { renderApp } from "./renderApp";

/** renderApp with the saved session restored as `profile` and its refresh answered. */
export async function renderSignedIn(
  path: string,
  profile: Profile | null,
  accounts?: AccountsApi,
  customer?: CustomerApi,
  admin?: AdminApi,
) {
  const app = renderApp({
    path,
    ...(accounts && { accounts }),
    ...(customer && { customer }),
    ...(admin && { admin }),
  });
  await restoreSession(app, profile);
  return app;
}

/** Answers the app's session restore as `profile` (or no saved session) and then its profile refresh. */
export async function restoreSession(app: ReturnType<typeof renderApp>, profile: Profile | null) {
  const output = profile ? { token: "t".repeat(43), profile } : null;
  await act(async () => app.control.session.settle({ type: "xstate.done.actor.restoreSession", output }));
  if (profile)
    await act(async () =>
      app.control.session.settle({ type: "xstate.done.actor.fetchProfile", output: profile }),
    );
}

export const heading = (name: string) => screen.findByRole("heading", { level: 1, name });
