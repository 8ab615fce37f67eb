import type { MailMessage } from "./mailer";

const footer =
  "If you did not ask for this, you can ignore this email. OjaPay staff will never ask for your code.";

/** `again`: someone signed up once more with an account that was never verified; the first password stays. */
export function verificationCodeMail(
  to: string,
  firstName: string,
  code: string,
  again = false,
): MailMessage {
  const note = again
    ? ' Your account was already created: sign in with the password you chose the first time, or choose "Forgot password?" if you no longer know it.'
    : "";
  return {
    to,
    subject: `${code} is your OjaPay verification code`,
    text: `Hello ${firstName},\n\nYour OjaPay verification code is ${code}. It expires in 10 minutes.${note}\n\n${footer}\n`,
  };
}

export function pinResetCodeMail(to: string, firstName: string, code: string): MailMessage {
  return {
    to,
    subject: `${code} is your OjaPay transaction PIN code`,
    text: `Hello ${firstName},\n\nUse ${code} to set your OjaPay transaction PIN. It expires in 10 minutes.\n\n${footer}\n`,
  };
}

export function passwordResetCodeMail(to: string, firstName: string, code: string): MailMessage {
  return {
    to,
    subject: `${code} is your OjaPay password reset code`,
    text: `Hello ${firstName},\n\nUse ${code} to choose a new OjaPay password. It expires in 10 minutes. Setting a new password signs you out everywhere.\n\n${footer}\n`,
  };
}

export function passwordChangedMail(to: string, firstName: string): MailMessage {
  return {
    to,
    subject: "Your OjaPay password was changed",
    text: `Hello ${firstName},\n\nYour OjaPay password was just changed. If that was not you, choose "Forgot password?" on the sign-in page at once to take your account back, and contact support.\n`,
  };
}

/** Sent instead of an error when someone signs up with an email that already has an account. */
export function accountExistsMail(to: string, firstName: string): MailMessage {
  return {
    to,
    subject: "You already have an OjaPay account",
    text: `Hello ${firstName},\n\nSomeone, perhaps you, tried to create an OjaPay account with this email. You already have one: sign in, or choose "Forgot password?" on the sign-in page if you no longer know your password.\n\nIf it was not you, you can ignore this email; your account is unchanged.\n`,
  };
}

/** A staff or admin account whose sign-in has just been slowed after wrong passwords. */
export function consoleSignInAlertMail(
  to: string,
  firstName: string,
  tries: number,
  address: string | null,
): MailMessage {
  return {
    to,
    subject: "Wrong passwords on your OjaPay console account",
    text: `Hello ${firstName},\n\n${tries} wrong passwords were just tried on your OjaPay console account from ${address ?? "an unknown address"}. Sign-ins from there must now wait before each new try.\n\nIf this was not you, change your password from your profile and tell the other admins.\n`,
  };
}

/** An admin made this account: the link opens "choose your password" with the code filled in. */
export function staffInvitationMail(
  to: string,
  firstName: string,
  role: string,
  link: string,
  days: number,
): MailMessage {
  return {
    to,
    subject: "You have been invited to the OjaPay console",
    text: `Hello ${firstName},\n\nAn OjaPay admin has made you ${role === "admin" ? "an admin" : "a staff member"}. Choose your password here within ${days} days:\n\n${link}\n\nThen sign in at the console and set up an authenticator app, which every staff sign-in asks for.\n\nIf you did not expect this, you can ignore this email.\n`,
  };
}
