import { fromPromise } from "xstate";
import type {
  Credentials,
  SessionData,
  SignInCodeNeeded,
  UnverifiedEmail,
} from "../../machines/sessionMachine";
import { profile as profileSchema, unverifiedLogin } from "../../schemas/auth";
import type { AccountsApi } from "../api/accountsApi";
import { ApiFailure, type NoticeSink, showOnScreen } from "../api/client";
import type { clientStore as ClientStore } from "../storage/clientStore";

type Store = typeof ClientStore;

export const customerInAdminArea =
  "This sign-in is for OjaPay staff. Customers sign in at the customer login.";

function unverifiedEmail(error: unknown): UnverifiedEmail | null {
  if (!(error instanceof ApiFailure) || error.code !== "email_unverified") return null;
  const unverified = unverifiedLogin.safeParse(error.data);
  if (!unverified.success) return null;
  const { email, ticket } = unverified.data;
  return { unverifiedEmail: email, ...(ticket && { ticket }) };
}

/** The session machine's network and storage, for `sessionMachine.provide`. */
export function sessionActors(deps: { accounts: AccountsApi; store: Store; notify: NoticeSink }) {
  return {
    restoreSession: fromPromise<SessionData | null>(async () => {
      const token = deps.store.getToken();
      if (!token || deps.store.read("isAuth") !== true) return null;
      const saved = profileSchema.safeParse(deps.store.read("userData"));
      if (!saved.success) {
        deps.store.clear();
        return null;
      }
      return { token, profile: saved.data };
    }),
    signIn: fromPromise<SessionData, Credentials>(async ({ input }) => {
      let token: string;
      const { email, password, code } = input;
      try {
        token = (await deps.accounts.login({ email, password, ...(code && { code }) })).token;
      } catch (error) {
        // Each of these opens a dialog that says what is needed, so neither is toasted as well.
        const unverified = unverifiedEmail(error);
        if (unverified) {
          showOnScreen(error);
          throw unverified;
        }
        if (error instanceof ApiFailure && error.code === "sign_in_code_needed") {
          error.showOnScreen();
          // A refused code comes back with a message for it; the first answer only opens the dialog.
          const refused = code !== undefined && error.fields?.code?.length ? error.msg : undefined;
          throw {
            signInCodeFor: input.email,
            ...(refused && { signInCodeRefusal: refused }),
          } satisfies SignInCodeNeeded;
        }
        throw error;
      }
      const profile = await deps.accounts.profileFor(token);
      if (input.area === "admin" && profile.role === "customer") {
        await deps.accounts.logout(token).catch(() => {});
        deps.notify({ type: "error", message: customerInAdminArea });
        throw new Error(customerInAdminArea);
      }
      return { token, profile };
    }),
    signOut: fromPromise<void>(async () => {
      await deps.accounts.logout();
    }),
    fetchProfile: fromPromise(() => deps.accounts.profile()),
  };
}

/** The session machine's storage actions. */
export function sessionStorageActions(store: Store) {
  return {
    persistSession: (_: unknown, session: SessionData) => {
      store.write("token", session.token);
      store.write("userData", session.profile);
      store.write("isAuth", true);
    },
    forgetSession: () => store.clear(),
  };
}
