import type { Hono } from "hono";
import { internationalPhone } from "../termiiNumbers";
import { inboxPage } from "./termiiInboxPage";
import type { SimulatedSms } from "./termiiSimulator";

/** A message as the inbox's JSON read answers it. */
export function inboxEntry(message: SimulatedSms) {
  return {
    message_id: message.messageId,
    to: message.to,
    from: message.from,
    sms: message.sms,
    channel: message.channel,
    sent_at: message.at.toISOString(),
    status: message.status,
  };
}

/**
 * The simulated phones' inbox, where a developer or a browser test reads an SMS the app sent (a token,
 * an identity code): the page at `/`, the JSON at `/messages`; newest first, `?to=` one phone's.
 * The app serves it only while the simulators are on, like the rest of the simulator.
 */
export function mountInbox(app: Hono, sent: SimulatedSms[]) {
  const read = (typed: string | undefined) => {
    if (!typed) return { to: null, messages: [...sent].reverse() };
    const to = internationalPhone(typed);
    return { to, messages: to ? sent.filter((m) => m.to === to).reverse() : [] };
  };
  const refusal = "Enter a Nigerian mobile number, such as 08031234567 or 2348031234567.";

  app.get("/messages", (c) => {
    const typed = c.req.query("to");
    const { to, messages } = read(typed);
    if (typed && !to) return c.json({ msg: refusal, fields: { to: [refusal] } }, 400);
    return c.json({ messages: messages.map(inboxEntry) });
  });

  app.get("/", (c) => {
    const typed = c.req.query("to")?.trim() ?? "";
    const { to, messages } = read(typed);
    const error = typed && !to ? refusal : undefined;
    return c.html(inboxPage({ typed, messages, ...(error && { error }) }), error ? 400 : 200);
  });
}
