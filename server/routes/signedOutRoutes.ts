import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { confirmPasswordReset, requestPasswordReset } from "../services/accounts/accounts";
import { confirmSignUp, register, resendSignUpCode } from "../services/accounts/signUps";

// The same words whether or not the email has an account; codes go out at most once a minute.
const codeOnItsWay = "If this email needs a code, a new one is on its way. Codes can be sent once a minute.";

/** What someone without a session may do: sign up, confirm the emailed code, reset a forgotten password. */
export function signedOutRoutes(deps: AppDeps) {
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
  ];
}
