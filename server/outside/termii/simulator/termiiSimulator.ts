import { Hono } from "hono";
import type { Clock } from "../../../clock";
import { termiiSignature, termiiSignatureHeader } from "../termiiAnswers";
import { mountInbox } from "./termiiInbox";

export interface TermiiSimulatorOptions {
  apiKey: string;
  webhookSecret: string;
  /** Where the signed delivery reports go (the app's POST /api/webhooks/termii/). */
  webhookUrl: string;
  clock: Clock;
  /** Each report is sent this long after its message; null: only when a test asks (`control.report`). */
  reportAfterMs: number | null;
}

/** A message the simulated Termii took, as it took it. */
export interface SimulatedSms {
  messageId: string;
  to: string;
  from: string;
  sms: string;
  channel: string;
  at: Date;
  reported: boolean;
  /** What the network said of it: "Message Sent" until its delivery report goes. */
  status: string;
}

/** The messages the simulator keeps for its inbox: a developer's session, or a test file's, fits. */
export const inboxSize = 200;

/**
 * What the simulated handset network says of a number, by its last four digits: `0000` has DND on
 * (the generic route would not reach it; the DND route reports it so), `1111` fails, `2222` expires,
 * any other is delivered.
 */
export function simulatedStatus(to: string): string {
  const tail = to.slice(-4);
  if (tail === "0000") return "DND Active on Phone Number";
  if (tail === "1111") return "Message Failed";
  if (tail === "2222") return "Expired";
  return "DELIVERED";
}

/**
 * A stand-in for Termii's messaging API and delivery reports (docs/PROVIDERS.md): POST /api/sms/send
 * with the body Termii documents, answered as Termii does, and a signed report for each message.
 */
export function createTermiiSimulator(options: TermiiSimulatorOptions) {
  const app = new Hono();
  const sent: SimulatedSms[] = [];
  let downFor = 0;
  let answersLost = 0;
  let counter = 0;

  async function report(message: SimulatedSms, status = simulatedStatus(message.to)) {
    message.reported = true;
    message.status = status;
    const body = JSON.stringify({
      type: "outbound",
      id: `sim-${message.messageId}`,
      message_id: message.messageId,
      receiver: message.to,
      sender: message.from,
      message: "",
      sent_at: message.at.toISOString().replace("T", " ").slice(0, 19),
      cost: "4.00",
      status,
      channel: message.channel,
    });
    const signature = termiiSignature(options.webhookSecret, body);
    const res = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", [termiiSignatureHeader]: signature },
      body,
    });
    return res.status;
  }

  app.post("/api/sms/send", async (c) => {
    if (downFor > 0) {
      downFor -= 1;
      return c.text("Service Unavailable", 503);
    }
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || body.api_key !== options.apiKey) return c.json({ message: "Invalid API key" }, 401);
    const from = typeof body.from === "string" ? body.from : "";
    if (!/^[A-Za-z0-9 ]{3,11}$/.test(from)) return c.json({ message: "Sender ID not found" }, 400);
    if (typeof body.to !== "string" || !/^234\d{10}$/.test(body.to)) {
      return c.json({ message: "Invalid phone number" }, 400);
    }
    if (typeof body.sms !== "string" || !body.sms || body.type !== "plain") {
      return c.json({ message: "sms and type: plain are required" }, 400);
    }
    if (!["dnd", "generic", "whatsapp"].includes(String(body.channel))) {
      return c.json({ message: "channel must be dnd, generic or whatsapp" }, 400);
    }
    counter += 1;
    const message: SimulatedSms = {
      messageId: `${Date.now()}${String(counter).padStart(6, "0")}`,
      to: body.to,
      from,
      sms: body.sms,
      channel: String(body.channel),
      at: options.clock.now(),
      reported: false,
      status: "Message Sent",
    };
    sent.push(message);
    if (sent.length > inboxSize) sent.splice(0, sent.length - inboxSize);
    if (answersLost > 0) {
      // Taken, but the answer never makes it back whole: the sender cannot know it went.
      answersLost -= 1;
      return c.text("<html>504 Gateway Time-out</html>", 504);
    }
    if (options.reportAfterMs !== null) {
      setTimeout(() => void report(message).catch(() => {}), options.reportAfterMs).unref();
    }
    return c.json({
      code: "ok",
      message_id: message.messageId,
      message: "Successfully Sent",
      balance: 1000 - sent.length * 4,
      user: "OjaPay Simulator",
    });
  });

  mountInbox(app, sent);

  return {
    app,
    control: {
      /** The last `inboxSize` messages taken, oldest first (tests read the bodies here). */
      sent,
      /** The next `times` sends answer 503, as a gateway that is down does. */
      down(times: number) {
        downFor = times;
      },
      /** The next `times` messages are taken but answered 504, as when a proxy loses the answer. */
      loseAnswers(times: number) {
        answersLost = times;
      },
      /** Sends the delivery report of each message not yet reported; answers the app's HTTP statuses. */
      async reportAll(): Promise<number[]> {
        const statuses: number[] = [];
        for (const message of sent.filter((m) => !m.reported)) statuses.push(await report(message));
        return statuses;
      },
      /** One report, with a status of the test's choosing. */
      report: (message: SimulatedSms, status?: string) => report(message, status),
    },
  };
}

export type TermiiSimulator = ReturnType<typeof createTermiiSimulator>;
