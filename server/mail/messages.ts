import type { MailMessage } from "./mailer";

const footer =
  "If you did not ask for this, you can ignore this email. OjaPay staff will never ask for your code.";

export function verificationCodeMail(to: string, firstName: string, code: string): MailMessage {
  return {
    to,
    subject: `${code} is your OjaPay verification code`,
    text: `Hello ${firstName},\n\nYour OjaPay verification code is ${code}. It expires in 10 minutes.\n\n${footer}\n`,
  };
}

export function pinResetCodeMail(to: string, firstName: string, code: string): MailMessage {
  return {
    to,
    subject: `${code} is your OjaPay transaction PIN code`,
    text: `Hello ${firstName},\n\nUse ${code} to set your OjaPay transaction PIN. It expires in 10 minutes.\n\n${footer}\n`,
  };
}
