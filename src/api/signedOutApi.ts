import { authContracts } from "../../schemas/routes/auth";
import type { BodyOf } from "../../schemas/routes/contract";
import { signedOutContracts } from "../../schemas/routes/signedOut";
import { signUpTickets } from "../storage/signUpTickets";
import { type ApiClient, ApiFailure, type CallOptions } from "./client";

/**
 * What the customer reads when an email is taken (spec section 5). Sign-up answers a taken email as a
 * new one (docs/decisions.md, "A taken email on sign-up"), so this shows only if the server ever refuses it.
 */
export const duplicateEmailMessage = "User with this email already exists";

/** The old backend's words for a taken email (spec section 5), which carry no `code`. */
const takenEmailWords = "custom user with this email already exists.";

/** A sign-up refused for its email, by our code or in the spec's own shape: said as the spec says. */
export const duplicateEmail = (failure: ApiFailure): string | undefined =>
  failure.code === "email_taken" ||
  failure.fields?.email?.some((message) => message.trim().toLowerCase() === takenEmailWords)
    ? duplicateEmailMessage
    : undefined;

/**
 * One sign-up's notices replace each other. Its successes are not toasted: the code dialog and the
 * "Account created" step (or the mailed link's page) say them.
 */
const signUp: CallOptions = { topic: "sign-up", announceSuccess: false };

type SignedOut = typeof signedOutContracts;
const auth = authContracts;
const signedOut = signedOutContracts;

/**
 * What a visitor who is not signed in does besides signing in: sign up and confirm the email, choose a
 * new password. Apart from the accounts API, so only the pages that do it download it. Each sign-up's
 * ticket, proof that this browser gave its password, is kept by email (signUpTickets) and sent with
 * the code or link.
 */
export function signedOutApi(client: ApiClient) {
  const confirm = async (body: { email: string; code: string } | { email: string; token: string }) => {
    const answer = await client.call(
      signedOut,
      "POST /auth/code/verify",
      { body: { ...body, ticket: signUpTickets.for(body.email) } },
      { ...signUp, errorTitle: "An error occurred" },
    );
    signUpTickets.forget(body.email);
    return answer;
  };
  return {
    register: async (body: BodyOf<SignedOut["POST /auth/register"]>) => {
      const answer = await client.call(
        signedOut,
        "POST /auth/register",
        { body },
        { ...signUp, rewriteError: duplicateEmail },
      );
      signUpTickets.remember(answer.email, answer.ticket);
      return answer;
    },
    verifyCode: (email: string, code: string) => confirm({ email, code }),
    verifyLink: (email: string, token: string) => confirm({ email, token }),
    resendCode: (email: string) =>
      client.call(
        signedOut,
        "POST /auth/code/verify",
        { body: { email, ticket: signUpTickets.for(email) } },
        // "A new code is on its way" has no place in the dialog: it is toasted.
        { topic: "sign-up" },
      ),
    /**
     * Gives a sign-up's password on this browser (a mailed link opened elsewhere than where the
     * sign-up was made): the ticket a sign-in refused for an unconfirmed email carries is kept.
     * Answers "account" when the email is already an account with that password, which needs no
     * confirming.
     */
    requestPasswordReset: (email: string) =>
      client.call(signedOut, "POST /auth/password-reset", { body: { email } }),
    confirmPasswordReset: (body: BodyOf<SignedOut["POST /auth/password-reset/confirm"]>) =>
      client.call(signedOut, "POST /auth/password-reset/confirm", { body }),
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
        const { ticket } = (
          error instanceof ApiFailure && error.code === "email_unverified" ? error.data : {}
        ) as {
          ticket?: unknown;
        };
        if (typeof ticket !== "string") throw error;
        signUpTickets.remember(email, ticket);
        return "ticket";
      }
    },
  };
}

export type SignedOutApi = ReturnType<typeof signedOutApi>;
