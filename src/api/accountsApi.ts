import { authContracts } from "../../schemas/routes/auth";
import type { BodyOf } from "../../schemas/routes/contract";
import { pinContracts } from "../../schemas/routes/pin";
import type { ApiClient, ApiFailure } from "./client";

/**
 * What the customer reads when an email is taken (spec section 5). Sign-up answers a taken email as a
 * new one (README, "A taken email on sign-up"), so this shows only if the server ever refuses it.
 */
export const duplicateEmailMessage = "User with this email already exists";

const duplicateEmail = (failure: ApiFailure) =>
  failure.code === "email_taken" ? duplicateEmailMessage : undefined;

type Auth = typeof authContracts;
const auth = authContracts;

/** Sign-up, sign-in, the profile, passwords, the authenticator and the PIN, by the shared route contracts. */
export function accountsApi(client: ApiClient) {
  return {
    register: (body: BodyOf<Auth["POST /auth/register"]>) =>
      client.call(auth, "POST /auth/register", { body }, { rewriteError: duplicateEmail }),
    verifyCode: (email: string, code: string) =>
      client.call(
        auth,
        "POST /auth/code/verify",
        { body: { email, code } },
        { errorTitle: "An error occurred" },
      ),
    resendCode: (email: string) => client.call(auth, "POST /auth/code/verify", { body: { email } }),
    login: (body: BodyOf<Auth["POST /auth/login"]>) =>
      client.call(
        auth,
        "POST /auth/login",
        { body },
        { announceSuccess: false, serverErrorMessage: "Something went wrong (Server)" },
      ),
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
