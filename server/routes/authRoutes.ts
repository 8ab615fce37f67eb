import { z } from "zod";
import {
  loginBody,
  loginResult,
  noBody,
  profile,
  profileUpdateBody,
  registerBody,
  registerResult,
  verifyCodeBody,
  verifyCodeResult,
} from "../../schemas/auth";
import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { login, register, resendVerificationCode, updateProfile, verifyEmail } from "../services/accounts";
import { loadProfile } from "../services/profiles";
import { endSession } from "../services/sessions";

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
        return { msg: "Account created. We sent a 6-digit code to your email.", data };
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
          return { msg: "We sent a new code to your email.", data: { email: body.email } };
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
        return { msg: "Profile retrieved.", data: await loadProfile(deps.db, sessionOf(c).user) };
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
          data: await updateProfile(deps, sessionOf(c).user, body),
        };
      },
    }),
  ];
}
