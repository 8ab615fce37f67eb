import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
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
