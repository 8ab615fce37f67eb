import type { Mailer, MailMessage } from "../../server/mail/mailer";

/**
 * The bench's mailer: where production would send the sign-up and PIN codes, the bench keeps them, so
 * customers are verified and given a PIN through the same codes a person would type.
 */
export class BenchMailbox implements Mailer {
  private readonly codes = new Map<string, string>();

  async send(message: MailMessage) {
    // Not six digits inside the link's token: a code stands alone.
    const code = message.text.match(/(?<![\w-])(\d{6})(?![\w-])/)?.[1];
    if (code) this.codes.set(message.to, code);
  }

  /** The newest 6-digit code mailed to `to`. */
  lastCode(to: string): string {
    const code = this.codes.get(to);
    if (!code) throw new Error(`no code was mailed to ${to}`);
    return code;
  }
}
