import type { Voucher } from "../../schemas/transactions";
import type { OutgoingMail } from "./mailer";

const footer =
  "If you did not ask for this, you can ignore this email. OjaPay staff will never ask for your code.";

/** Links and codes are secrets: their mail is sealed in the outbox (outbox.ts). */
const secretMail = (kind: string, to: string, subject: string, text: string): OutgoingMail => ({
  kind,
  to,
  subject,
  text,
  secret: true,
});
const plainMail = (kind: string, to: string, subject: string, text: string): OutgoingMail => ({
  kind,
  to,
  subject,
  text,
  secret: false,
});

/** A sign-up's code, and a link that confirms it without typing (for when codes were guessed at). */
export function verificationCodeMail(to: string, firstName: string, code: string, link: string) {
  return secretMail(
    "email_verification",
    to,
    `${code} is your OjaPay verification code`,
    `Hello ${firstName},\n\nYour OjaPay verification code is ${code}. It expires in 10 minutes.\n\nOr open this link on the device you signed up on, within a day:\n${link}\n\n${footer}\n`,
  );
}

export function pinResetCodeMail(to: string, firstName: string, code: string) {
  return secretMail(
    "pin_reset",
    to,
    `${code} is your OjaPay transaction PIN code`,
    `Hello ${firstName},\n\nUse ${code} to set your OjaPay transaction PIN. It expires in 10 minutes.\n\n${footer}\n`,
  );
}

/** The link works even when strangers have used up the code's tries; the code is for another device. */
export function passwordResetMail(to: string, firstName: string, code: string, link: string) {
  return secretMail(
    "password_reset",
    to,
    "Choose a new OjaPay password",
    `Hello ${firstName},\n\nOpen this link within an hour to choose a new OjaPay password:\n${link}\n\nOr type the code ${code} on the "Forgot password" page within 10 minutes.\n\nSetting a new password signs you out everywhere.\n\n${footer}\n`,
  );
}

/** Signing in to an account under attack needs this code as well as the password. */
export function signInCodeMail(to: string, firstName: string, code: string, address: string | null) {
  return secretMail(
    "sign_in",
    to,
    `${code} is your OjaPay sign-in code`,
    `Hello ${firstName},\n\nSomeone signed in to your OjaPay account with your password from ${address ?? "an unknown address"}. To finish signing in, enter ${code}. It expires in 10 minutes.\n\nWe ask for this code because many wrong passwords were tried on your account. If this was not you, do not share the code: change your password at once.\n\n${footer}\n`,
  );
}

export function passwordChangedMail(to: string, firstName: string) {
  return plainMail(
    "password_changed",
    to,
    "Your OjaPay password was changed",
    `Hello ${firstName},\n\nYour OjaPay password was just changed. If that was not you, choose "Forgot password?" on the sign-in page at once to take your account back, and contact support.\n`,
  );
}

/**
 * Sent instead of a code when someone signs up with an email that already has an account, or asks for
 * that sign-up's code again: its sign-up can never become an account, so no code is coming.
 */
export function accountExistsMail(to: string, firstName: string) {
  return plainMail(
    "account_exists",
    to,
    "You already have an OjaPay account",
    `Hello ${firstName},\n\nSomeone, perhaps you, tried to create an OjaPay account with this email. You already have one, so no code is coming: sign in with your account's password, or choose "Forgot password?" on the sign-in page if you no longer know it.\n\nIf it was not you, you can ignore this email; your account is unchanged.\n`,
  );
}

/** Sent instead of a reset link when the email asked for has no active account. */
export function noAccountResetMail(to: string, signUpLink: string) {
  return plainMail(
    "password_reset_no_account",
    to,
    "Your OjaPay password reset",
    `Hello,\n\nSomeone, perhaps you, asked to reset the OjaPay password for this email, but no active OjaPay account uses it, so there is nothing to reset. If you have an account, it may be under another email address. If you signed up recently, confirm your email with the code we sent you first. To open an account:\n${signUpLink}\n\nIf you did not ask, you can ignore this email.\n`,
  );
}

/** The owner confirmed their sign-up; other sign-ups for the same email were ended unused. */
export function otherSignUpsEndedMail(to: string, firstName: string, others: number) {
  const them = others === 1 ? "one other sign-up" : `${others} other sign-ups`;
  return plainMail(
    "other_sign_ups_ended",
    to,
    "Someone else tried to sign up with your email",
    `Hello ${firstName},\n\nYour OjaPay account is ready. Before you confirmed it, ${them} used this email with a different password, perhaps you on another device, perhaps someone else. ${others === 1 ? "It was" : "They were"} cancelled and can never be used: only the sign-up you confirmed became an account.\n\nIf you did not start ${others === 1 ? "it" : "them"}, someone knows your email address; nothing else is needed from you.\n`,
  );
}

/**
 * Wrong passwords on the account reached the guard: signing in now needs an emailed code too. Says
 * whether they came from one address (most often the owner mistyping) or from several.
 */
export function signInUnderAttackMail(
  to: string,
  firstName: string,
  tries: number,
  addresses: number,
  lastAddress: string | null,
) {
  const where =
    addresses <= 1
      ? `all from one address (${lastAddress ?? "an unknown address"}). If that was you mistyping your password, nothing is wrong: sign in with your password and the code we email you`
      : `from ${addresses} different addresses, so someone may be guessing it. If your password is one you use anywhere else, change it from your profile`;
  return plainMail(
    "sign_in_under_attack",
    to,
    "Many wrong passwords were tried on your OjaPay account",
    `Hello ${firstName},\n\n${tries} wrong passwords have been tried on your OjaPay account, ${where}.\n\nTo keep your account safe, signing in now also needs a code we email you each time, until a day passes without a wrong password.\n`,
  );
}

/** A staff or admin account whose sign-in has just been slowed after wrong passwords. */
export function consoleSignInAlertMail(to: string, firstName: string, tries: number, address: string | null) {
  return plainMail(
    "console_sign_in_alert",
    to,
    "Wrong passwords on your OjaPay console account",
    `Hello ${firstName},\n\n${tries} wrong passwords were just tried on your OjaPay console account from ${address ?? "an unknown address"}. Sign-ins from there must now wait before each new try.\n\nIf this was not you, change your password from your profile and tell the other admins.\n`,
  );
}

/** An admin made this account: the link opens "choose your password". */
export function staffInvitationMail(to: string, firstName: string, role: string, link: string, days: number) {
  return secretMail(
    "staff_invitation",
    to,
    "You have been invited to the OjaPay console",
    `Hello ${firstName},\n\nAn OjaPay admin has made you ${role === "admin" ? "an admin" : "a staff member"}. Choose your password here within ${days} days:\n\n${link}\n\nThen sign in at the console and set up an authenticator app, which every staff sign-in asks for.\n\nIf you did not expect this, you can ignore this email.\n`,
  );
}

/**
 * The PINs a purchase delivered, for the buyer to keep: sealed in the outbox like a code. Its
 * recipient is the buyer's email as the statement that delivers reads it (settlePurchase.ts).
 */
export function vouchersMail(product: string, reference: string, vouchers: readonly Voucher[]) {
  const lines = vouchers.map(
    (voucher, index) =>
      `${index + 1}. PIN ${voucher.pin}${voucher.serial ? `, serial ${voucher.serial}` : ""}${voucher.load_code ? `, load with ${voucher.load_code}` : ""}`,
  );
  return secretMail(
    "vouchers",
    "",
    `Your ${product} ${vouchers.length === 1 ? "PIN" : "PINs"}: ${reference}`,
    `Hello,\n\nHere ${vouchers.length === 1 ? "is the PIN" : `are the ${vouchers.length} PINs`} you bought on OjaPay (${product}, reference ${reference}):\n\n${lines.join("\n")}\n\nKeep them safe: anyone with a PIN can use it. They are also on the purchase's receipt in OjaPay.\n`,
  );
}

/** A prepaid electricity token, mailed to the buyer always (the SMS may not reach the meter's owner). */
export function tokenMail(
  meter: string,
  reference: string,
  token: string,
  units: string | null,
  kcts: string[] | null,
) {
  const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");
  const keyChange =
    kcts?.length === 2
      ? `\nYour meter needs its key change tokens first: type KCT1 ${grouped(kcts[0] ?? "")}, then KCT2 ${grouped(kcts[1] ?? "")}, then the token.\n`
      : "";
  return secretMail(
    "token",
    "",
    `Your electricity token: ${reference}`,
    `Hello,\n\nHere is the token you bought on OjaPay for meter ${meter} (reference ${reference}):\n\n${grouped(token)}${units ? ` (${units})` : ""}\n${keyChange}\nType it into your meter to load the units. It is also on the purchase's receipt in OjaPay.\n`,
  );
}
