import { z } from "zod";
import {
  type LoginBody,
  loginResult,
  type PasswordChangeBody,
  type PasswordResetConfirmBody,
  type PinResetConfirmBody,
  type ProfileUpdateBody,
  profile,
  type RegisterBody,
  registerResult,
  totpConfirmResult,
  totpSetupResult,
  verifyCodeResult,
} from "../../schemas/auth";
import type { ApiClient, ApiFailure } from "./client";

/** The server's words for a taken email (CONTRACT.md), and what the customer reads instead (spec section 5). */
export const duplicateEmailServerMessage = "custom user with this email already exists.";
export const duplicateEmailMessage = "User with this email already exists";

function duplicateEmail(failure: ApiFailure) {
  return failure.status === 400 && failure.fields?.email?.includes(duplicateEmailServerMessage)
    ? duplicateEmailMessage
    : undefined;
}

const nothing = z.null();

export function accountsApi(client: ApiClient) {
  return {
    register: (body: RegisterBody) =>
      client.request("POST", "auth/register/", registerResult, body, { rewriteError: duplicateEmail }),
    verifyCode: (email: string, code: string) =>
      client.request(
        "POST",
        "auth/code/verify/",
        verifyCodeResult,
        { email, code },
        { errorTitle: "An error occurred" },
      ),
    resendCode: (email: string) => client.request("POST", "auth/code/verify/", verifyCodeResult, { email }),
    login: (body: LoginBody) =>
      client.request("POST", "auth/login/", loginResult, body, {
        announceSuccess: false,
        serverErrorMessage: "Something went wrong (Server)",
      }),
    logout: (token?: string) =>
      client.request("POST", "auth/logout/", nothing, undefined, {
        announceSuccess: false,
        quietFailure: true,
        ...(token && { token }),
      }),
    profile: () => client.request("GET", "auth/profile/", profile),
    /** The profile for a token not yet stored, right after sign-in. */
    profileFor: (token: string) => client.request("GET", "auth/profile/", profile, undefined, { token }),
    updateProfile: (body: ProfileUpdateBody) => client.request("PATCH", "auth/profile/", profile, body),
    requestPasswordReset: (email: string) =>
      client.request("POST", "auth/password-reset/", nothing, { email }),
    confirmPasswordReset: (body: PasswordResetConfirmBody) =>
      client.request("POST", "auth/password-reset/confirm/", nothing, body),
    changePassword: (body: PasswordChangeBody) =>
      client.request("POST", "auth/password/change/", nothing, body),
    totpSetup: () =>
      client.request("POST", "auth/totp/setup/", totpSetupResult, {}, { announceSuccess: false }),
    totpConfirm: (code: string) => client.request("POST", "auth/totp/confirm/", totpConfirmResult, { code }),
    totpVerify: (code: string) =>
      client.request("POST", "auth/totp/verify/", nothing, { code }, { announceSuccess: false }),
    requestPinReset: () => client.request("POST", "customer/pin-reset/request/", nothing),
    confirmPinReset: (body: PinResetConfirmBody) =>
      client.request("POST", "customer/pin-reset/confirm/", nothing, body),
  };
}

export type AccountsApi = ReturnType<typeof accountsApi>;
