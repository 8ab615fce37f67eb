import { authContracts } from "../../schemas/routes/auth";
import type { BodyOf } from "../../schemas/routes/contract";
import { pinContracts } from "../../schemas/routes/pin";
import type { ApiClient } from "./client";

type Auth = typeof authContracts;
const auth = authContracts;

/** Sign-in, the profile, passwords, the authenticator and the PIN, by the shared route contracts. */
export function accountsApi(client: ApiClient) {
  return {
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
