import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { smsMessages } from "../../server/db/schema";
import { createIntegrations } from "../../server/integrations";
import { inboxSize } from "../../server/outside/termii/simulator/termiiSimulator";
import { queueSms } from "../../server/services/sms/smsOutbox";
import { liveSettings, liveTermiiSettings } from "./support/liveSettings";
import { serverForFile } from "./support/serverForFile";

// The simulated Termii's inbox: where a developer (or a browser test) reads an SMS the app sent, as
// the phone got it, newest first; served only while the simulators are on.

const server = serverForFile();
const termii = () => {
  const sims = server.deps.simulators;
  if (!sims) throw new Error("the simulators are on in tests");
  return sims.termii.control;
};

beforeEach(async () => {
  await server.db.delete(smsMessages);
  termii().sent.length = 0;
});

/** Queues `text` to `to` and lets the app's sender send it through the simulated Termii. */
async function sentBy(to: string, text: string) {
  await queueSms(server.db, server.deps, { userId: null, to, text, purpose: "outcome" });
  await server.deps.sms?.sendDue();
}
const messagesOf = async (query = "") => {
  const res = await server.app.request(`/simulator/termii/messages${query}`);
  return { status: res.status, body: await res.json() };
};

describe("the inbox's JSON read", () => {
  it("answers what each phone received, newest first, with its sender, time and the network's status", async () => {
    await sentBy("08031234567", "First");
    server.clock.advance(60_000);
    await sentBy("08035550000", "To someone else");
    server.clock.advance(60_000);
    await sentBy("+2348031234567", "Second");
    const all = await messagesOf();
    expect(all.status).toBe(200);
    expect(all.body.messages.map((m: { sms: string }) => m.sms)).toEqual([
      "Second",
      "To someone else",
      "First",
    ]);
    // A phone's own, by the number as Termii takes it or as it is typed.
    for (const to of ["2348031234567", "0803 123 4567", "%2B2348031234567"]) {
      const mine = await messagesOf(`?to=${to}`);
      expect(mine.body.messages, to).toEqual([
        {
          message_id: expect.any(String),
          to: "2348031234567",
          from: "OjaPay",
          sms: "Second",
          channel: "dnd",
          sent_at: server.clock.now().toISOString(),
          status: "Message Sent",
        },
        expect.objectContaining({ sms: "First" }),
      ]);
    }
    // The network's word arrives with the delivery report: DND on the number ending 0000.
    await termii().reportAll();
    const reported = (await messagesOf()).body.messages.map((m: { status: string }) => m.status);
    expect(reported).toEqual(["DELIVERED", "DND Active on Phone Number", "DELIVERED"]);
  });

  it("refuses a number that is not a Nigerian mobile with 400, saying which field", async () => {
    for (const to of ["12345", "08031234567x", "4478912345678"]) {
      const answer = await messagesOf(`?to=${to}`);
      expect(answer.status, to).toBe(400);
      expect(answer.body.fields.to).toEqual([answer.body.msg]);
    }
  });

  it(`keeps the last ${inboxSize} messages`, async () => {
    const queue = (text: string, i: number) =>
      queueSms(server.db, server.deps, {
        userId: null,
        to: `0803${String(i).padStart(7, "0")}`,
        text,
        purpose: "outcome",
      });
    for (let i = 0; i < 5; i++) await queue("Older", i);
    await server.deps.sms?.sendDue();
    for (let i = 0; i < inboxSize; i++) await queue("Newer", i);
    await server.deps.sms?.sendDue();
    const { messages } = (await messagesOf()).body;
    expect(messages).toHaveLength(inboxSize);
    expect(messages.every((m: { sms: string }) => m.sms === "Newer")).toBe(true);
  });
});

describe("the inbox page", () => {
  it("shows each message's text, phone, sender, time and status, newest first, and the page's own refusal once", async () => {
    await sentBy("08031234567", "Older <b>text</b>");
    server.clock.advance(60_000);
    await sentBy("08031234567", "Newer");
    const res = await server.app.request("/simulator/termii?to=08031234567");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
    expect(page).toContain('<label for="to">Phone number</label>');
    expect(page).toContain("Messages to 08031234567");
    expect(page.indexOf("Newer")).toBeLessThan(page.indexOf("Older"));
    // What the app sent is shown as text, never as markup.
    expect(page).toContain("Older &lt;b&gt;text&lt;/b&gt;");
    for (const term of [
      "<dt>To</dt><dd>2348031234567</dd>",
      "<dt>From</dt><dd>OjaPay</dd>",
      "<dt>Status</dt><dd>Message Sent</dd>",
    ]) {
      expect(page).toContain(term);
    }
    const bad = await server.app.request("/simulator/termii?to=12345");
    expect(bad.status).toBe(400);
    const refused = await bad.text();
    expect(refused.match(/Enter a Nigerian mobile number/g)).toHaveLength(1);
    expect(refused).toContain('aria-describedby="to-error"');
  });
});

describe("with the simulators off", () => {
  it("has no simulated Termii and serves no inbox", async () => {
    const real = loadConfig({ ...liveSettings, ...liveTermiiSettings });
    const integrations = createIntegrations(real, {
      origin: "http://127.0.0.1:1",
      publicUrl: "https://pay.example.com",
      clock: server.clock,
      journalDir: null,
    });
    expect(integrations.simulators).toBeNull();
    expect(integrations.smsGateway).not.toBeNull();
    const app = createApp({ ...server.deps, simulators: null }, { serveSpa: false });
    for (const path of ["/simulator/termii", "/simulator/termii/", "/simulator/termii/messages"]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
