import { z } from "zod/mini";
import {
  loginBody,
  loginResult,
  noBody,
  passwordChangeBody,
  profile,
  profileUpdateBody,
  secondFactorBody,
  totpConfirmResult,
  totpSetupResult,
} from "../auth";
import { contracts } from "./contract";

export const authContracts = contracts({
  "POST /auth/login": {
    tag: "Accounts",
    summary: "Sign in; answers a new bearer token",
    body: loginBody,
    result: loginResult,
  },
  "POST /auth/password/change": {
    tag: "Accounts",
    summary: "Change the password; every other session ends",
    body: passwordChangeBody,
    result: z.null(),
  },
  "POST /auth/totp/setup": {
    tag: "Accounts",
    summary: "Staff and admins: a new authenticator key, as a QR code and as text",
    body: noBody,
    result: totpSetupResult,
  },
  "POST /auth/totp/confirm": {
    tag: "Accounts",
    summary: "Staff and admins: turn the new key on with its first code; answers the recovery codes, once",
    body: secondFactorBody,
    result: totpConfirmResult,
  },
  "POST /auth/totp/verify": {
    tag: "Accounts",
    summary: "Staff and admins: open this session's console with an authenticator or recovery code",
    body: secondFactorBody,
    result: z.null(),
  },
  "POST /auth/logout": {
    tag: "Accounts",
    summary: "End this session",
    body: noBody,
    result: z.null(),
  },
  "GET /auth/profile": {
    tag: "Accounts",
    summary: "The signed-in user's profile",
    result: profile,
  },
  "PATCH /auth/profile": {
    tag: "Accounts",
    summary: "Change names, phone or date of birth",
    body: profileUpdateBody,
    result: profile,
  },
});
