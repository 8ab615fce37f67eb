import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import {
  changePassword,
  confirmPasswordReset,
  login,
  requestPasswordReset,
  updateProfile,
} from "../services/accounts/accounts";
import { confirmTotpSetup, startTotpSetup, verifySecondFactor } from "../services/accounts/secondFactor";
import { endSession } from "../services/accounts/sessions";
import { confirmSignUp, register, resendSignUpCode } from "../services/accounts/signUps";
import { loadProfile } from "../services/people/profiles";

// The same words whether or not the email has an account; codes go out at most once a minute.
const codeOnItsWay = "If this email needs a code, a new one is on its way. Codes can be sent once a minute.";

export function authRoutes(deps: AppDeps) {
  return [
    implement("POST /auth/register", async ({ body }) => {
      const data = await register(deps, body);
      return { msg: "Almost done: enter the 6-digit code we sent to your email.", data };
    }),
    implement("POST /auth/code/verify", async ({ body }) => {
      if (body.code === undefined && body.token === undefined) {
        await resendSignUpCode(deps, body.email, body.ticket);
        return { msg: codeOnItsWay, data: { email: body.email } };
      }
      await confirmSignUp(deps, body);
      return {
        msg: "Your email is verified. You can sign in now.",
        data: { email: body.email, verified: true as const },
      };
    }),
    implement("POST /auth/login", async ({ body, c }) => {
      const meta = {
        ip: clientAddress(c, deps.config.trustProxy),
        userAgent: c.req.header("user-agent") ?? null,
      };
      return { msg: "Login successful.", data: await login(deps, body, meta) };
    }),
    implement("POST /auth/password-reset", async ({ body }) => {
      await requestPasswordReset(deps, body.email);
      return {
        msg: "If an account uses this email, we sent it a link and a 6-digit code. They can be sent once a minute.",
        data: null,
      };
    }),
    implement("POST /auth/password-reset/confirm", async ({ body }) => {
      await confirmPasswordReset(deps, body);
      return { msg: "Your password has been changed. Please sign in with it.", data: null };
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
