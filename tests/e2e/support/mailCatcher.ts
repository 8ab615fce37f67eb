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

  /** Waits for the next message to `to` after `seen` messages to them, and answers its 6-digit code. */
  async function nextCode(to: string, seen: number, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const theirs = mails.filter((m) => m.to.includes(to));
      const mail = theirs[seen];
      const code = mail?.raw.match(/^Subject: (\d{6}) is your OjaPay/m)?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no code reached ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    count: (to: string) => mails.filter((m) => m.to.includes(to)).length,
    nextCode,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
