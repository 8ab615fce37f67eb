import { z } from "zod";
import {
  loginBody,
  loginResult,
  noBody,
  passwordChangeBody,
  passwordResetBody,
  passwordResetConfirmBody,
  profile,
  profileUpdateBody,
  registerBody,
  registerResult,
  secondFactorBody,
  totpConfirmResult,
  totpSetupResult,
  verifyCodeBody,
  verifyCodeResult,
} from "../../schemas/auth";
import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import {
  changePassword,
  confirmPasswordReset,
  login,
  register,
  requestPasswordReset,
  resendVerificationCode,
  updateProfile,
  verifyEmail,
} from "../services/accounts";
import { loadProfile } from "../services/profiles";
import { confirmTotpSetup, startTotpSetup, verifySecondFactor } from "../services/secondFactor";
import { endSession } from "../services/sessions";

// The same words whether or not the email has an account; codes go out at most once a minute.
const codeOnItsWay = "If this email needs a code, a new one is on its way. Codes can be sent once a minute.";

export function authRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "post",
      path: "/auth/register",
      tag: "Accounts",
      summary: "Create a customer account; a 6-digit code is emailed",
      body: registerBody,
      result: registerResult,
      successStatus: 201,
      async handle({ body }) {
        const data = await register(deps, body);
        return { msg: "Almost done: enter the 6-digit code we sent to your email.", data };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/code/verify",
      tag: "Accounts",
      summary: "Verify the email with `{ email, code }`, or send a new code with `{ email }` alone",
      body: verifyCodeBody,
      result: verifyCodeResult,
      async handle({ body }) {
        if (body.code === undefined) {
          await resendVerificationCode(deps, body.email);
          return { msg: codeOnItsWay, data: { email: body.email } };
        }
        await verifyEmail(deps, body.email, body.code);
        return {
          msg: "Your email is verified. You can sign in now.",
          data: { email: body.email, verified: true as const },
        };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/login",
      tag: "Accounts",
      summary: "Sign in; answers a new bearer token",
      body: loginBody,
      result: loginResult,
      async handle({ body, c }) {
        const meta = {
          ip: clientAddress(c, deps.config.trustProxy),
          userAgent: c.req.header("user-agent") ?? null,
        };
        return { msg: "Login successful.", data: await login(deps, body, meta) };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/password-reset",
      tag: "Accounts",
      summary: "Email a 6-digit code for choosing a new password (the answer is the same for any email)",
      body: passwordResetBody,
      result: z.null(),
      async handle({ body }) {
        await requestPasswordReset(deps, body.email);
        return {
          msg: "If an account uses this email, we sent it a 6-digit code. Codes can be sent once a minute.",
          data: null,
        };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/password-reset/confirm",
      tag: "Accounts",
      summary: "Choose a new password with the emailed code; every session ends",
      body: passwordResetConfirmBody,
      result: z.null(),
      async handle({ body }) {
        await confirmPasswordReset(deps, body);
        return { msg: "Your password has been changed. Please sign in with it.", data: null };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/password/change",
      tag: "Accounts",
      summary: "Change the password; every other session ends",
      body: passwordChangeBody,
      result: z.null(),
      async handle({ body, c }) {
        await changePassword(deps, sessionOf(c), body);
        return { msg: "Your password has been changed. Other devices have been signed out.", data: null };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/totp/setup",
      tag: "Accounts",
      summary: "Staff and admins: a new authenticator key, as a QR code and as text",
      body: noBody,
      result: totpSetupResult,
      async handle({ c }) {
        return {
          msg: "Scan the QR code with your authenticator app, then enter the code it shows.",
          data: await startTotpSetup(deps, sessionOf(c).user),
        };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/totp/confirm",
      tag: "Accounts",
      summary: "Staff and admins: turn the new key on with its first code; answers the recovery codes, once",
      body: secondFactorBody,
      result: totpConfirmResult,
      async handle({ body, c }) {
        return {
          msg: "Your authenticator is set up. Keep the recovery codes somewhere safe.",
          data: await confirmTotpSetup(deps, sessionOf(c), body.code),
        };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/totp/verify",
      tag: "Accounts",
      summary: "Staff and admins: open this session's console with an authenticator or recovery code",
      body: secondFactorBody,
      result: z.null(),
      async handle({ body, c }) {
        await verifySecondFactor(deps, sessionOf(c), body.code);
        return { msg: "Signed in.", data: null };
      },
    }),
    defineRoute({
      method: "post",
      path: "/auth/logout",
      tag: "Accounts",
      summary: "End this session",
      body: noBody,
      result: z.null(),
      async handle({ c }) {
        await endSession(deps, sessionOf(c).sessionId);
        return { msg: "You have been logged out.", data: null };
      },
    }),
    defineRoute({
      method: "get",
      path: "/auth/profile",
      tag: "Accounts",
      summary: "The signed-in user's profile",
      result: profile,
      async handle({ c }) {
        const { user, secondFactorAt } = sessionOf(c);
        return { msg: "Profile retrieved.", data: await loadProfile(deps.db, user, secondFactorAt) };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/auth/profile",
      tag: "Accounts",
      summary: "Change names, phone or date of birth",
      body: profileUpdateBody,
      result: profile,
      async handle({ body, c }) {
        return {
          msg: "Your profile has been updated.",
          data: await updateProfile(deps, sessionOf(c), body),
        };
      },
    }),
  ];
}
