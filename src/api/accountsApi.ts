import { authContracts } from "../../schemas/routes/auth";
import type { BodyOf } from "../../schemas/routes/contract";
import { pinContracts } from "../../schemas/routes/pin";
import { signUpTickets } from "../storage/signUpTickets";
import { type ApiClient, ApiFailure } from "./client";

/**
 * What the customer reads when an email is taken (spec section 5). Sign-up answers a taken email as a
 * new one (README, "A taken email on sign-up"), so this shows only if the server ever refuses it.
 */
export const duplicateEmailMessage = "User with this email already exists";

const duplicateEmail = (failure: ApiFailure) =>
  failure.code === "email_taken" ? duplicateEmailMessage : undefined;

type Auth = typeof authContracts;
const auth = authContracts;

/**
 * A sign-in refused because the email is not confirmed yet carries the sign-up's ticket: kept for the
 * code. Answers whether there was one.
 */
function keptTicket(error: unknown): boolean {
  if (!(error instanceof ApiFailure) || error.code !== "email_unverified") return false;
  const { email, ticket } = (error.data ?? {}) as { email?: unknown; ticket?: unknown };
  if (typeof email !== "string" || typeof ticket !== "string") return false;
  signUpTickets.remember(email, ticket);
  return true;
}

/** Sign-up, sign-in, the profile, passwords, the authenticator and the PIN, by the shared route contracts. */
export function accountsApi(client: ApiClient) {
  /** Confirms the sign-up this browser holds the ticket of, with the emailed code or the link's token. */
  const confirm = async (body: { email: string; code: string } | { email: string; token: string }) => {
    const answer = await client.call(
      auth,
      "POST /auth/code/verify",
      { body: { ...body, ticket: signUpTickets.for(body.email) } },
      { errorTitle: "An error occurred" },
    );
    signUpTickets.forget(body.email);
    return answer;
  };
  return {
    register: async (body: BodyOf<Auth["POST /auth/register"]>) => {
      const answer = await client.call(
        auth,
        "POST /auth/register",
        { body },
        { rewriteError: duplicateEmail },
      );
      signUpTickets.remember(answer.email, answer.ticket);
      return answer;
    },
    verifyCode: (email: string, code: string) => confirm({ email, code }),
    verifyLink: (email: string, token: string) => confirm({ email, token }),
    /**
     * Gives a sign-up's password on this browser (a mailed link opened elsewhere than where the
     * sign-up was made): its ticket is kept. Answers "account" when the email is already an account
     * with that password, which needs no confirming.
     */
    proveSignUp: async (email: string, password: string): Promise<"ticket" | "account"> => {
      try {
        const { token } = await client.call(
          auth,
          "POST /auth/login",
          { body: { email, password } },
          { announceSuccess: false, quietFailure: true },
        );
        await client.call(
          auth,
          "POST /auth/logout",
          {},
          { announceSuccess: false, quietFailure: true, token },
        );
        return "account";
      } catch (error) {
        if (keptTicket(error)) return "ticket";
        throw error;
      }
    },
    resendCode: (email: string) =>
      client.call(auth, "POST /auth/code/verify", { body: { email, ticket: signUpTickets.for(email) } }),
    login: (body: BodyOf<Auth["POST /auth/login"]>) =>
      client
        .call(
          auth,
          "POST /auth/login",
          { body },
          { announceSuccess: false, serverErrorMessage: "Something went wrong (Server)" },
        )
        .catch((error: unknown) => {
          keptTicket(error);
          throw error;
        }),
    logout: (token?: string) =>
      client.call(
        auth,
        "POST /auth/logout",
        {},
        { announceSuccess: false, quietFailure: true, ...(token && { token }) },
      ),
    profile: () => client.call(auth, "GET /auth/profile"),
    /** The profile for a token not yet stored, right after sign-in. */
    profileFor: (token: string) => client.call(auth, "GET /auth/profile", {}, { token }),
    updateProfile: (body: BodyOf<Auth["PATCH /auth/profile"]>) =>
      client.call(auth, "PATCH /auth/profile", { body }),
    requestPasswordReset: (email: string) =>
      client.call(auth, "POST /auth/password-reset", { body: { email } }),
    confirmPasswordReset: (body: BodyOf<Auth["POST /auth/password-reset/confirm"]>) =>
      client.call(auth, "POST /auth/password-reset/confirm", { body }),
    changePassword: (body: BodyOf<Auth["POST /auth/password/change"]>) =>
      client.call(auth, "POST /auth/password/change", { body }),
    totpSetup: () => client.call(auth, "POST /auth/totp/setup", { body: {} }, { announceSuccess: false }),
    totpConfirm: (code: string) => client.call(auth, "POST /auth/totp/confirm", { body: { code } }),
    totpVerify: (code: string) =>
      client.call(auth, "POST /auth/totp/verify", { body: { code } }, { announceSuccess: false }),
    requestPinReset: () => client.call(pinContracts, "POST /customer/pin-reset/request"),
    confirmPinReset: (body: BodyOf<(typeof pinContracts)["POST /customer/pin-reset/confirm"]>) =>
      client.call(pinContracts, "POST /customer/pin-reset/confirm", { body }),
  };
}

export type AccountsApi = ReturnType<typeof accountsApi>;
