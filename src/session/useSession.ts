import { useSelector } from "@xstate/react";
import type { StateValueFrom } from "xstate";
import type { sessionMachine } from "../../machines/sessionMachine";
import type { Profile } from "../../schemas/auth";
import { useAppServices } from "../app/AppServices";

type SessionState = StateValueFrom<typeof sessionMachine>;
/** The machine's top-level state: screens care that a person is signed in, not whether a refresh runs. */
type SessionStatus = Extract<SessionState, string> | keyof Extract<SessionState, object>;

/** The session as screens need it; each value is selected on its own so unrelated changes do not redraw. */
export function useSession() {
  const { session } = useAppServices();
  const status = useSelector(
    session,
    (s): SessionStatus => (typeof s.value === "string" ? s.value : "signedIn"),
  );
  const profile = useSelector(session, (s) => s.context.profile);
  const unverifiedEmail = useSelector(session, (s) => s.context.unverifiedEmail);
  const signInCodeFor = useSelector(session, (s) => s.context.signInCodeFor);
  const signInCodeRefusal = useSelector(session, (s) => s.context.signInCodeRefusal);
  const signUpTicket = useSelector(session, (s) => s.context.signUpTicket);
  const ended = useSelector(session, (s) => s.context.ended);
  return {
    status,
    profile,
    unverifiedEmail,
    signUpTicket,
    signInCodeFor,
    signInCodeRefusal,
    ended,
    send: session.send,
  };
}

/** Where a role lands after signing in. */
export function homeFor(profile: Pick<Profile, "role">): string {
  return profile.role === "customer" ? "/app/dashboard" : "/admin/dashboard";
}
