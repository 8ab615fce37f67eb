import { z } from "zod/mini";
import {
  passwordResetBody,
  passwordResetConfirmBody,
  registerBody,
  registerResult,
  verifyCodeBody,
  verifyCodeResult,
} from "../signedOut";
import { contracts } from "./contract";

/**
 * Signing up, confirming the email and choosing a new password: contracts of their own, so the
 * sign-in page does not download them.
 */
export const signedOutContracts = contracts({
  "POST /auth/register": {
    tag: "Accounts",
    summary: "Create a customer account; a 6-digit code is emailed",
    body: registerBody,
    result: registerResult,
    successStatus: 201,
  },
  "POST /auth/code/verify": {
    tag: "Accounts",
    summary: "Verify the email with `{ email, code }`, or send a new code with `{ email }` alone",
    body: verifyCodeBody,
    result: verifyCodeResult,
  },
  "POST /auth/password-reset": {
    tag: "Accounts",
    summary: "Email a 6-digit code for choosing a new password (the answer is the same for any email)",
    body: passwordResetBody,
    result: z.null(),
  },
  "POST /auth/password-reset/confirm": {
    tag: "Accounts",
    summary: "Choose a new password with the emailed code; every session ends",
    body: passwordResetConfirmBody,
    result: z.null(),
  },
});
