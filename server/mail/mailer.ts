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
  /** `secret`: the mail carries a code, a link or PINs (its outbox row is sealed). */
  send(message: MailMessage & { secret?: boolean }): Promise<void>;
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
 * With no SMTP server configured the message goes to the server log, so a developer can finish
 * signing up with the code in it (the README says so). Only while the simulators are on: anywhere
 * else a mail with a code, a link or PINs is never written out, only that it was not sent, since no
 * code, PIN or token may reach a log where real money is at stake (production sets SMTP_URL).
 */
export function createLogMailer(logger: Logger, { showSecrets }: { showSecrets: boolean }): Mailer {
  const log = logger.child({ component: "mail" });
  return {
    async send(message) {
      if (message.secret && !showSecrets) {
        log.warn(
          { mail: { to: message.to } },
          "mail not sent (no SMTP_URL set); it holds a code or PINs, so its words are not logged",
        );
        return;
      }
      log.info(
        { mail: { to: message.to, subject: message.subject, body: message.text } },
        "mail (no SMTP_URL set)",
      );
    },
  };
}

export function createMailer(
  config: { smtpUrl?: string | undefined; mailFrom: string; simulators: boolean },
  logger: Logger,
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createLogMailer(logger, { showSecrets: config.simulators });
}
