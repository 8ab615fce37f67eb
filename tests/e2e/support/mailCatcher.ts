import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps every message, so a test reads codes as a person would. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;

  /** The text of a message as written: quoted-printable's soft line breaks and =XX escapes undone. */
  const letter = (raw: string) =>
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

  /** Waits for the message to `to` after `seen` messages to them, and answers what `find` finds in it. */
  async function next(
    to: string,
    seen: number,
    find: (text: string) => string | undefined,
    timeoutMs: number,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const theirs = mails.filter((m) => m.to.includes(to));
      const mail = theirs[seen];
      const found = mail && find(letter(mail.raw));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`nothing expected reached ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }

  /** Its 6-digit code: in the subject, or in the text ("type the code 123456"). */
  const nextCode = (to: string, seen: number, timeoutMs = 15_000) =>
    next(
      to,
      seen,
      (text) =>
        text.match(/^Subject: (\d{6}) is your OjaPay/m)?.[1] ?? text.match(/\bthe code (\d{6})\b/)?.[1],
      timeoutMs,
    );
  /** Its link, with the token in the fragment. */
  const nextLink = (to: string, seen: number, timeoutMs = 15_000) =>
    next(to, seen, (text) => text.match(/https?:\/\/\S+#token=[\w-]{43}\S*/)?.[0], timeoutMs);

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    count: (to: string) => mails.filter((m) => m.to.includes(to)).length,
    nextCode,
    nextLink,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
