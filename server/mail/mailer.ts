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

/**
 * Sends after the database transaction has committed: a failed send is logged, never thrown, since
 * what the mail announces has already happened (and a code can be asked for again).
 */
export async function sendQuietly(
  deps: { mailer: Mailer; logger: { error(obj: object, msg: string): void } },
  message: MailMessage,
): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.logger.error({ err: error }, "sending mail failed");
  }
}
