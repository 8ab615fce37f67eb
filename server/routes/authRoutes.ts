import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { changePassword, login, updateProfile } from "../services/accounts/accounts";
import { confirmTotpSetup, startTotpSetup, verifySecondFactor } from "../services/accounts/secondFactor";
import { endSession } from "../services/accounts/sessions";
import { loadProfile } from "../services/people/profiles";

/** Signing in and what a signed-in person does with their account: password, second factor, profile. */
export function authRoutes(deps: AppDeps) {
  return [
    implement("POST /auth/login", async ({ body, c }) => {
      const meta = {
        ip: clientAddress(c, deps.config.trustProxy),
        userAgent: c.req.header("user-agent") ?? null,
      };
      return { msg: "Login successful.", data: await login(deps, body, meta) };
    }),
    implement("POST /auth/password/change", async ({ body, c }) => {
      await changePassword(deps, sessionOf(c), body);
      return { msg: "Your password has been changed. Other devices have been signed out.", data: null };
    }),
    implement("POST /auth/totp/setup", async ({ c }) => {
      return {
        msg: "Scan the QR code with your authenticator app, then enter the code it shows.",
        data: await startTotpSetup(deps, sessionOf(c).user),
      };
    }),
    implement("POST /auth/totp/confirm", async ({ body, c }) => {
      return {
        msg: "Your authenticator is set up. Keep the recovery codes somewhere safe.",
        data: await confirmTotpSetup(deps, sessionOf(c), body.code),
      };
    }),
    implement("POST /auth/totp/verify", async ({ body, c }) => {
      await verifySecondFactor(deps, sessionOf(c), body.code);
      return { msg: "Signed in.", data: null };
    }),
    implement("POST /auth/logout", async ({ c }) => {
      await endSession(deps, sessionOf(c).sessionId);
      return { msg: "You have been logged out.", data: null };
    }),
    implement("GET /auth/profile", async ({ c }) => {
      const { user, secondFactorAt } = sessionOf(c);
      return { msg: "Profile retrieved.", data: await loadProfile(deps.db, user, secondFactorAt) };
    }),
    implement("PATCH /auth/profile", async ({ body, c }) => {
      return {
        msg: "Your profile has been updated.",
        data: await updateProfile(deps, sessionOf(c), body),
      };
    }),
  ];
}
