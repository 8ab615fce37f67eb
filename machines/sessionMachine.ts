import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { Profile } from "../schemas/auth";
import { missingActor } from "./missingActor";

export type Area = "customer" | "admin";
export interface Credentials {
  email: string;
  password: string;
  area: Area;
  /** The emailed sign-in code, when the account asked for one. */
  code?: string;
}
export interface SessionData {
  token: string;
  profile: Profile;
}
/** What a sign-in actor throws when the password was right but the email is not verified yet. */
export interface UnverifiedEmail {
  unverifiedEmail: string;
  /** The sign-up's ticket the refusal carried: proof, for the code, that this browser gave its password. */
  ticket?: string;
}

/**
 * What a sign-in actor throws when the account asks for the code mailed to its owner as well
 * (many wrong passwords were tried on it).
 */
export interface SignInCodeNeeded {
  signInCodeFor: string;
  /** Why the code sent was refused, for the code dialog to say; absent when none was sent. */
  signInCodeRefusal?: string;
}

/**
 * A text the sign-in actor's error carries under `key` (it throws `UnverifiedEmail` or
 * `SignInCodeNeeded` for those two answers), or null for any other failure.
 */
const carried =
  (key: keyof UnverifiedEmail | keyof Required<SignInCodeNeeded>) =>
  ({ event }: { event: { error: unknown } }): string | null => {
    const error = event.error;
    if (typeof error !== "object" || error === null || !(key in error)) return null;
    const value = (error as Record<string, unknown>)[key];
    return typeof value === "string" ? value : null;
  };
const unverifiedEmailOf = carried("unverifiedEmail");
const signInCodeForOf = carried("signInCodeFor");
const signInCodeRefusalOf = carried("signInCodeRefusal");

export interface SessionContext {
  token: string | null;
  profile: Profile | null;
  /** The email to verify when a sign-in was refused for that reason, and its sign-up's ticket. */
  unverifiedEmail: string | null;
  signUpTicket: string | null;
  /** The email whose sign-in needs the mailed code as well, and why the last code sent was refused. */
  signInCodeFor: string | null;
  signInCodeRefusal: string | null;
  /** Why the last session ended, so the sign-in screen can say so. */
  ended: "signedOut" | "expired" | null;
}

export type SessionEvent =
  | ({ type: "session.signIn" } & Credentials)
  | { type: "session.signOut" }
  | { type: "session.expire" }
  /** The email was verified in the modal: sign in again with what was typed. */
  | ({ type: "verification.complete" } & Credentials)
  | { type: "verification.cancel" }
  | { type: "signInCode.cancel" }
  | { type: "profile.update"; profile: Profile }
  | { type: "profile.refresh" };

const missing = (actor: string) => missingActor("sessionMachine", actor);

const signedOutContext = {
  token: null,
  profile: null,
  unverifiedEmail: null,
  signUpTicket: null,
  signInCodeFor: null,
  signInCodeRefusal: null,
} as const;

/**
 * Who is signed in. Restores the saved session on start, signs in and out, and ends when the server
 * says the session expired. Storage and the network come in through `provide`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<SessionData | null>(missing("restoreSession")),
    signIn: fromPromise<SessionData, Credentials>(missing("signIn")),
    signOut: fromPromise<void>(missing("signOut")),
    fetchProfile: fromPromise<Profile>(missing("fetchProfile")),
  },
  actions: {
    // Side effects on storage; the app provides them, tests may watch them.
    persistSession: (_, _params: SessionData) => {},
    forgetSession: () => {},
  },
  guards: {
    restoredSession: (_, saved: SessionData | null) => saved != null,
    emailUnverified: (_, email: string | null) => email !== null,
    signInCodeNeeded: (_, email: string | null) => email !== null,
  },
}).createMachine({
  id: "session",
  context: { ...signedOutContext, ended: null },
  initial: "restoring",
  // From the API client, whatever the session was doing: a 401 that ends it can also come during a
  // sign-in (its profile fetch), and the sign-in page must then say why it is back.
  on: {
    "session.expire": {
      target: ".signedOut",
      actions: ["forgetSession", assign({ ...signedOutContext, ended: "expired" })],
    },
  },
  states: {
    restoring: {
      invoke: {
        id: "restoreSession",
        src: "restoreSession",
        onDone: [
          {
            guard: { type: "restoredSession", params: ({ event }) => event.output },
            target: "signedIn.refreshing",
            actions: assign(({ event }) => ({
              token: event.output?.token ?? null,
              profile: event.output?.profile ?? null,
            })),
          },
          { target: "signedOut" },
        ],
        onError: { target: "signedOut", actions: "forgetSession" },
      },
    },
    signedOut: {
      on: { "session.signIn": "signingIn" },
    },
    signingIn: {
      invoke: {
        id: "signIn",
        src: "signIn",
        input: ({ event }) => {
          assertEvent(event, ["session.signIn", "verification.complete"]);
          return {
            email: event.email,
            password: event.password,
            area: event.area,
            ...(event.code !== undefined && { code: event.code }),
          };
        },
        onDone: {
          target: "signedIn.idle",
          actions: [
            assign(({ event }) => ({
              ...event.output,
              unverifiedEmail: null,
              signInCodeFor: null,
              signInCodeRefusal: null,
              ended: null,
            })),
            { type: "persistSession", params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: "emailUnverified", params: unverifiedEmailOf },
            target: "awaitingVerification",
            actions: assign({
              unverifiedEmail: unverifiedEmailOf,
              signUpTicket: carried("ticket"),
            }),
          },
          {
            guard: { type: "signInCodeNeeded", params: signInCodeForOf },
            target: "awaitingSignInCode",
            actions: assign({ signInCodeFor: signInCodeForOf, signInCodeRefusal: signInCodeRefusalOf }),
          },
          { target: "signedOut", actions: assign({ signInCodeFor: null, signInCodeRefusal: null }) },
        ],
      },
    },
    awaitingSignInCode: {
      on: {
        "session.signIn": "signingIn",
        "signInCode.cancel": {
          target: "signedOut",
          actions: assign({ signInCodeFor: null, signInCodeRefusal: null }),
        },
      },
    },
    awaitingVerification: {
      on: {
        "verification.complete": { target: "signingIn", actions: assign({ unverifiedEmail: null }) },
        "verification.cancel": { target: "signedOut", actions: assign({ unverifiedEmail: null }) },
        "session.signIn": "signingIn",
      },
    },
    signedIn: {
      initial: "idle",
      on: {
        "session.signOut": "signingOut",
        "profile.update": {
          actions: [
            assign({ profile: ({ event }) => event.profile }),
            {
              type: "persistSession",
              params: ({ context, event }) => ({ token: context.token ?? "", profile: event.profile }),
            },
          ],
        },
      },
      states: {
        idle: {
          on: { "profile.refresh": "refreshing" },
        },
        refreshing: {
          invoke: {
            id: "fetchProfile",
            src: "fetchProfile",
            onDone: {
              target: "idle",
              actions: [
                assign({ profile: ({ event }) => event.output }),
                {
                  type: "persistSession",
                  params: ({ context, event }) => ({ token: context.token ?? "", profile: event.output }),
                },
              ],
            },
            // An expired session arrives as session.expire from the API client; anything else
            // (no network) keeps the saved profile on screen.
            onError: "idle",
          },
        },
      },
    },
    signingOut: {
      invoke: {
        id: "signOut",
        src: "signOut",
        // Signed out on this device whatever the server said: the customer asked to leave.
        onDone: {
          target: "signedOut",
          actions: ["forgetSession", assign({ ...signedOutContext, ended: "signedOut" })],
        },
        onError: {
          target: "signedOut",
          actions: ["forgetSession", assign({ ...signedOutContext, ended: "signedOut" })],
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
