import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** A mail as the app writes it: what the outbox keeps besides the message (outbox.ts). */
export interface OutgoingMail extends MailMessage {
  /** Which template, for the operator's eyes: never the text. */
  kind: string;
  /** It carries a code or a link, so the outbox seals it. */
  secret: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  // The outbox sends one mail at a time: a mail server that stops answering must not hold the rest
  // for nodemailer's default minutes (timeouts the URL sets still win).
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * With no SMTP server configured the message, code included, goes to the server log so a developer
 * can finish signing up. The README says so; production sets SMTP_URL.
 */
export function createLogMailer(logger: Logger): Mailer {
  const log = logger.child({ component: "mail" });
  return {
    async send(message) {
      log.info(
        { mail: { to: message.to, subject: message.subject, body: message.text } },
        "mail (no SMTP_URL set)",
      );
    },
  };
}

export function createMailer(
  config: { smtpUrl?: string | undefined; mailFrom: string },
  logger: Logger,
): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(logger);
}
