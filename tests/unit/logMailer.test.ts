import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createMailer } from "../../server/mail/mailer";
import { verificationCodeMail, vouchersMail } from "../../server/mail/messages";

/** The mailer with no SMTP_URL, its log lines captured as written. */
function logMailer(simulators: boolean) {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const mailer = createMailer({ mailFrom: "OjaPay <no-reply@example.com>", simulators }, pino(out));
  return { mailer, log: () => lines.join("") };
}

const code = verificationCodeMail("ada@example.com", "Ada", "482913", "https://ojapay.example/confirm/tok3n");
const pins = {
  ...vouchersMail("MTN ₦200 card", "OJP261207AAAA", [
    { pin: "4586609206995541", serial: "78323870798", load_code: "*311*4586609206995541#" },
  ]),
  to: "ada@example.com",
};

describe("mail with no SMTP server", () => {
  it("is written to the log while the simulators are on, so a developer can read the code", async () => {
    const { mailer, log } = logMailer(true);
    await mailer.send(code);
    expect(log()).toContain("482913");
  });

  it("never writes a code, a link or a PIN to the log anywhere else, only that the mail was not sent", async () => {
    const { mailer, log } = logMailer(false);
    await mailer.send(code);
    await mailer.send(pins);
    expect(log()).toContain("ada@example.com");
    expect(log()).toContain("mail not sent");
    for (const secret of ["482913", "tok3n", "4586609206995541", "78323870798"])
      expect(log()).not.toContain(secret);
  });

  it("writes a mail without secrets to the log as before", async () => {
    const { mailer, log } = logMailer(false);
    await mailer.send({ to: "ada@example.com", subject: "Welcome", text: "Hello Ada", secret: false });
    expect(log()).toContain("Hello Ada");
  });
});
