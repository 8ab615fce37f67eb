import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Transaction } from "../../schemas/transactions";
import { smsMessages, transactions } from "../../server/db/schema";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import { termiiSignature } from "../../server/outside/termii/termiiAnswers";
import { placeQueuedRows } from "../../server/services/bulk/bulkPlacing";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { placeDueRuns } from "../../server/services/schedules/schedulePlacing";
import { queueSms } from "../../server/services/sms/smsOutbox";
import { forgetOldSms, sendDueSms } from "../../server/services/sms/smsSender";
import { type Customer, naira, ownServerWithin, serverForFile } from "./support/serverForFile";

// SMS through the Termii simulator, as customers and Termii see it: what is sent and how, a gateway
// that is down, signed delivery reports, the token of a prepaid meter, outcomes per setting, and
// "Resend token" three times a day.

const server = serverForFile();
const termii = () => {
  const sims = server.deps.simulators;
  if (!sims) throw new Error("the simulators are on in tests");
  return sims.termii.control;
};
const sendDue = async () => (await server.deps.sms?.sendDue()) ?? 0;
const minute = 60_000;

beforeEach(async () => {
  // Each test starts with nothing queued and nothing sent, and no run a settle started still going.
  await server.deps.sms?.idle();
  await server.db.delete(smsMessages);
  termii().sent.length = 0;
});

function buyElectricity(c: Customer, phone = "08031234567", meter_number = "45071234567") {
  return server.send("POST /core/customer/electricity", {
    token: c.token,
    body: {
      action: "buy",
      disco_id: 6,
      meter_number,
      meter_type: "prepaid",
      amount: naira(3000),
      phone,
      pin: c.pin,
      request_id: crypto.randomUUID(),
    },
  });
}
const purchaseOf = (answer: { data?: unknown; status: number }) => {
  const t = answer.data as Transaction | undefined;
  if (!t?.reference) throw new Error(`no purchase (${answer.status})`);
  return t;
};
const smsOf = (c: Customer, reference: string) =>
  server.sendOk("GET /core/customer/transactions/:reference/sms", { token: c.token, params: { reference } });

async function report(body: string, signature?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== undefined) headers["x-termii-signature"] = signature;
  return server.app.request("/api/webhooks/termii/", { method: "POST", headers, body });
}
const signed = (body: string) => termiiSignature(simulatorKeys.termii.webhookSecret, body);

describe("sending through Termii", () => {
  it("sends on the DND channel, to the 234 number, from the sender ID, in Termii's body", async () => {
    await queueSms(server.db, server.deps, {
      userId: null,
      to: "08031234567",
      text: "Hello",
      purpose: "outcome",
    });
    expect(await sendDue()).toBe(1);
    expect(termii().sent).toEqual([
      expect.objectContaining({ to: "2348031234567", from: "OjaPay", sms: "Hello", channel: "dnd" }),
    ]);
    const [row] = await server.db.select().from(smsMessages);
    expect(row).toMatchObject({ providerMessageId: termii().sent[0]?.messageId, message: null });
    expect(row?.sentAt).not.toBeNull();
  });

  it("loses nothing while the gateway is down, and sends each message once when it is back", async () => {
    for (const to of ["08031110001", "08031110002"])
      await queueSms(server.db, server.deps, { userId: null, to, text: "Later", purpose: "outcome" });
    termii().down(2);
    await sendDue();
    expect(termii().sent).toHaveLength(0);
    const waiting = await server.db.select().from(smsMessages);
    expect(waiting.every((m) => m.sentAt === null && m.lastError?.includes("503"))).toBe(true);
    // Nothing is tried again before its wait is over.
    expect(await sendDue()).toBe(0);
    server.clock.advance(5 * minute);
    await sendDue();
    server.clock.advance(5 * minute);
    await sendDue();
    expect(
      termii()
        .sent.map((m) => m.to)
        .sort(),
    ).toEqual(["2348031110001", "2348031110002"]);
    const rows = await server.db.select().from(smsMessages);
    expect(rows.every((m) => m.sentAt !== null)).toBe(true);
  });

  it("sends each message once when two instances' senders run at the same time", async () => {
    for (let i = 0; i < 30; i++) {
      const to = `0803222${String(i).padStart(4, "0")}`;
      await queueSms(server.db, server.deps, { userId: null, to, text: `Message ${i}`, purpose: "outcome" });
    }
    const gateway = server.deps.sms?.gateway;
    if (!gateway) throw new Error("SMS is on in this test");
    const other = { ...server.deps, gateway };
    await Promise.all([sendDueSms(other), sendDueSms(other), sendDue()]);
    expect(termii().sent).toHaveLength(30);
    expect(new Set(termii().sent.map((m) => m.to)).size).toBe(30);
  });

  it("forgets messages after 90 days", async () => {
    await queueSms(server.db, server.deps, {
      userId: null,
      to: "08031234567",
      text: "Old",
      purpose: "outcome",
    });
    await sendDue();
    server.clock.advance(89 * 24 * 60 * minute);
    expect(await forgetOldSms(server.deps)).toBe(0);
    server.clock.advance(2 * 24 * 60 * minute);
    expect(await forgetOldSms(server.deps)).toBe(1);
  });

  it("does not send again a message whose answer was lost, and says it is not confirmed", async () => {
    await queueSms(server.db, server.deps, {
      userId: null,
      to: "08031234567",
      text: "Once",
      purpose: "outcome",
    });
    termii().loseAnswers(1);
    await sendDue();
    expect(termii().sent).toHaveLength(1);
    const [row] = await server.db.select().from(smsMessages);
    expect(row).toMatchObject({ outcome: "unclear", message: null });
    expect(row?.lastError).toMatch(/504/);
    server.clock.advance(120 * minute);
    expect(await sendDue()).toBe(0);
    expect(termii().sent).toHaveLength(1);
  });
});

describe("delivery reports", () => {
  async function sentOne() {
    await queueSms(server.db, server.deps, {
      userId: null,
      to: "08031234567",
      text: "Hi",
      purpose: "outcome",
    });
    await sendDue();
    const message = termii().sent[0];
    if (!message) throw new Error("nothing was sent");
    return message;
  }
  const statusRow = async () => (await server.db.select().from(smsMessages))[0];

  it("accepts a report signed with the secret and refuses a bad or missing signature, writing nothing", async () => {
    const message = await sentOne();
    const body = JSON.stringify({ type: "outbound", message_id: message.messageId, status: "DELIVERED" });
    expect((await report(body)).status).toBe(401);
    expect((await report(body, "ab".repeat(64))).status).toBe(401);
    expect((await report(body, signed(`${body} `))).status).toBe(401);
    expect((await statusRow())?.status).toBeNull();
    const good = await report(body, signed(body));
    expect(good.status).toBe(200);
    expect(await statusRow()).toMatchObject({ status: "DELIVERED", outcome: "delivered" });
  });

  it("reads each status by its first words, keeps it as reported, and takes a repeat once", async () => {
    const message = await sentOne();
    const send = async (status: string) => {
      const body = JSON.stringify({ message_id: message.messageId, status });
      return (await (await report(body, signed(body))).json()) as { data: { outcome: string } };
    };
    expect((await send("Message Sent")).data.outcome).toBe("recorded");
    expect(await statusRow()).toMatchObject({ outcome: "sent" });
    expect((await send("DND Active on Phone Number")).data.outcome).toBe("recorded");
    expect(await statusRow()).toMatchObject({ status: "DND Active on Phone Number", outcome: "dnd" });
    expect((await send("DND Active on Phone Number")).data.outcome).toBe("unchanged");
    // A late "sent" does not undo a final report.
    expect((await send("Message Sent")).data.outcome).toBe("unchanged");
    expect((await send("DELIVERED | Message delivered to handset")).data.outcome).toBe("recorded");
    expect(await statusRow()).toMatchObject({ outcome: "delivered" });
    expect((await send("Message Failed")).data.outcome).toBe("recorded");
    expect((await send("Expired")).data.outcome).toBe("recorded");
    expect(await statusRow()).toMatchObject({ outcome: "expired" });
    expect((await send("Queued at carrier")).data.outcome).toBe("unchanged");
  });

  it("answers a report for a message it never sent without writing anything", async () => {
    const body = JSON.stringify({ message_id: "999", status: "DELIVERED" });
    const answer = (await (await report(body, signed(body))).json()) as { data: { outcome: string } };
    expect(answer.data.outcome).toBe("unknown");
  });
});

describe("a prepaid token, outcomes and Resend token", () => {
  it("texts a delivered token to the purchase's phone, and the receipt shows it delivered", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const bought = purchaseOf(await buyElectricity(c, "08059990001"));
    expect(bought.token).toMatch(/^\d{20}$/);
    await sendDue();
    const message = termii().sent.find((m) => m.to === "2348059990001");
    const grouped = bought.token?.match(/\d{4}/g)?.join("-") ?? "";
    expect(message?.sms).toContain(grouped);
    expect(message?.sms).toContain(bought.units ?? "kWh");
    expect(message?.sms).toContain(bought.reference);
    // The buyer (phone 08031234567) is told by the token's message only when it is theirs; here it is not.
    expect(termii().sent.filter((m) => m.to === "2348031234567")).toHaveLength(1);
    await termii().reportAll();
    const view = await smsOf(c, bought.reference);
    expect(view).toMatchObject({ sms_on: true, can_resend_token: true, resends_left: 3 });
    expect(view.sms).toMatchObject({ purpose: "token", state: "delivered", status: "DELIVERED" });
    // By email always, as well.
    await server.deps.outbox.sendDue();
    const mailed = server.mailbox.sent.filter(
      (m) => m.to === c.email && m.subject.includes(bought.reference),
    );
    expect(mailed.map((m) => m.text.replaceAll(" ", ""))).toEqual([
      expect.stringContaining(bought.token ?? "none"),
    ]);
    // The token reaches no log line, and no message row keeps it once sent.
    expect(server.logLines.join("\n")).not.toContain(bought.token ?? "none");
    const rows = await server.db.select().from(smsMessages);
    expect(rows.every((r) => r.message === null)).toBe(true);
  });

  it("sends a token as its purchase settles, without waiting for the background work", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const bought = purchaseOf(await buyElectricity(c, "08059990002"));
    // No sendDue: the settle kicked the sender; this waits for the run it started.
    await server.deps.sms?.idle();
    const texted = termii().sent.find((m) => m.to === "2348059990002");
    expect(texted?.sms).toContain(bought.reference);
  });

  it("shows the token's SMS on the receipt, not the outcome text delivered beside it", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    // The simulated phone ending 2222 lets its messages expire; the buyer's own phone gets the outcome.
    const bought = purchaseOf(await buyElectricity(c, "08059992222"));
    await sendDue();
    await termii().reportAll();
    const view = await smsOf(c, bought.reference);
    expect(view.sms).toMatchObject({ purpose: "token", status: "Expired" });
  });

  it("gives a meter's key change tokens, when the disco sends them, on the receipt and in the SMS", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    // The simulated disco is upgrading meters whose numbers end 88.
    const bought = purchaseOf(await buyElectricity(c, "08059990003", "45071234588"));
    const { kcts } = await smsOf(c, bought.reference);
    expect(kcts).toEqual([expect.stringMatching(/^\d{20}$/), expect.stringMatching(/^\d{20}$/)]);
    await sendDue();
    const text = termii().sent.find((m) => m.to === "2348059990003")?.sms ?? "";
    const grouped = (digits = "") => digits.match(/\d{4}/g)?.join("-") ?? "none";
    expect(text).toContain(`KCT1 ${grouped(kcts?.[0])} then KCT2 ${grouped(kcts?.[1])}`);
    await server.deps.outbox.sendDue();
    const mail = server.mailbox.sent.find((m) => m.to === c.email && m.subject.includes(bought.reference));
    expect(mail?.text.replaceAll(" ", "")).toContain(`KCT1${kcts?.[0]}`);
    // A meter without them gets none.
    const plain = purchaseOf(await buyElectricity(c, "08059990004"));
    expect((await smsOf(c, plain.reference)).kcts).toBeNull();
  });

  it("tells no row of a bulk batch its outcome, even with all; a single purchase and a scheduled run are told", async () => {
    const c = await server.fundedCustomer(naira(10_000), "1357", { phone: "08035550102" });
    await server.sendOk("PUT /core/customer/sms", { token: c.token, body: { sms_outcomes: "all" } });
    const toBuyer = () => termii().sent.filter((m) => m.to === "2348035550102");
    // Delivered, failed at once, and pending until a requery says delivered.
    const rows = ["08031235678", "08031230000", "08031231111"].map((phone) => ({
      phone,
      network_id: 1,
      amount: naira(100),
    }));
    const started = await server.send("POST /core/customer/bulk", {
      token: c.token,
      body: { kind: "airtime", rows, pin: c.pin, request_id: crypto.randomUUID() },
    });
    expect(started.status).toBe(202);
    await placeQueuedRows(server.deps);
    for (let i = 0; i < 2; i++) {
      server.clock.advance(minute);
      await requeryDue(server.deps);
    }
    const batch = await server.sendOk("GET /core/customer/bulk/:id", {
      token: c.token,
      params: { id: started.data?.id as string },
    });
    expect(batch).toMatchObject({ successful: 2, failed: 1, pending: 0 });
    const bought = await server.db.select().from(transactions).where(eq(transactions.userId, c.id));
    const airtime = bought.filter((t) => t.kind === "airtime");
    expect(airtime.map((t) => t.bulkBatchId)).toEqual([batch.id, batch.id, batch.id]);
    await sendDue();
    expect(await server.db.select().from(smsMessages).where(eq(smsMessages.userId, c.id))).toEqual([]);
    expect(toBuyer()).toHaveLength(0);

    await server.boughtAirtime(c, "08031234003", naira(100));
    await sendDue();
    expect(toBuyer().map((m) => m.sms)).toEqual([expect.stringMatching(/was successful/)]);

    const schedule = await server.send("POST /core/customer/schedules", {
      token: c.token,
      body: {
        kind: "airtime",
        network_id: 1,
        phone: "08031234004",
        amount: naira(100),
        every: "day",
        at: "07:00",
        pin: c.pin,
      },
    });
    expect(schedule.status).toBe(201);
    server.clock.advance(24 * 60 * minute);
    expect(await placeDueRuns(server.deps)).toBe(1);
    await sendDue();
    expect(toBuyer()).toHaveLength(2);
  });

  it("tells outcomes by the customer's setting: electricity by default, all, or none", async () => {
    const c = await server.fundedCustomer(naira(10_000), "1357", { phone: "08035550101" });
    expect(await server.sendOk("GET /core/customer/sms", { token: c.token })).toEqual({
      sms_on: true,
      sms_outcomes: "electricity",
    });
    await server.boughtAirtime(c, "08031234001", naira(100));
    await sendDue();
    expect(termii().sent.filter((m) => m.to === "2348035550101")).toHaveLength(0);
    await server.sendOk("PUT /core/customer/sms", { token: c.token, body: { sms_outcomes: "all" } });
    await server.boughtAirtime(c, "08031234002", naira(100));
    await sendDue();
    const told = termii().sent.filter((m) => m.to === "2348035550101");
    expect(told).toHaveLength(1);
    expect(told[0]?.sms).toMatch(/was successful/);
    await server.sendOk("PUT /core/customer/sms", { token: c.token, body: { sms_outcomes: "off" } });
    await buyElectricity(c, "08059990002");
    await sendDue();
    // Off stops outcomes, never the token itself.
    expect(termii().sent.filter((m) => m.to === "2348035550101")).toHaveLength(1);
    expect(termii().sent.filter((m) => m.to === "2348059990002")).toHaveLength(1);
    const bad = await server.send("PUT /core/customer/sms", {
      token: c.token,
      body: { sms_outcomes: "sometimes" as "all" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty("sms_outcomes");
  });

  it("resends a token three times a day under parallel requests, then says so", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const bought = purchaseOf(await buyElectricity(c));
    let token = c.token;
    const resend = () =>
      server.send("POST /core/customer/transactions/:reference/resend-token", {
        token,
        params: { reference: bought.reference },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, resend));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 202);
    expect(refused.every((a) => a.status === 429 && /three times today/.test(a.body.msg))).toBe(true);
    await sendDue();
    const rows = await server.db.select().from(smsMessages).where(eq(smsMessages.purpose, "token"));
    expect(rows).toHaveLength(4);
    expect((await smsOf(c, bought.reference)).resends_left).toBe(0);
    // A new Lagos day, three more.
    server.clock.advance(24 * 60 * minute);
    token = await server.login(c.email, c.password);
    expect((await resend()).status).toBe(202);
  });

  it("refuses to resend what is not a token, and someone else's purchase is not found", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const other = await server.fundedCustomer(naira(10_000));
    const airtime = await server.boughtAirtime(c, "08031234567", naira(100));
    const notToken = await server.send("POST /core/customer/transactions/:reference/resend-token", {
      token: c.token,
      params: { reference: airtime.reference },
    });
    expect(notToken.status).toBe(400);
    const theirs = await server.send("POST /core/customer/transactions/:reference/resend-token", {
      token: other.token,
      params: { reference: airtime.reference },
    });
    expect(theirs.status).toBe(404);
    const view = await server.send("GET /core/customer/transactions/:reference/sms", {
      token: other.token,
      params: { reference: airtime.reference },
    });
    expect(view.status).toBe(404);
  });
});

describe("without SMS settings", () => {
  ownServerWithin(server, { SMS_PROVIDER: "off" });

  it("runs by email only: nothing queued, the receipt says so, and there is no resending", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    expect(await server.sendOk("GET /core/customer/sms", { token: c.token })).toMatchObject({
      sms_on: false,
    });
    const bought = purchaseOf(await buyElectricity(c));
    expect(await server.db.select().from(smsMessages)).toHaveLength(0);
    expect(await smsOf(c, bought.reference)).toEqual({
      sms_on: false,
      sms: null,
      kcts: null,
      can_resend_token: false,
      resends_left: 0,
    });
    const resend = await server.send("POST /core/customer/transactions/:reference/resend-token", {
      token: c.token,
      params: { reference: bought.reference },
    });
    expect(resend.status).toBe(400);
    const body = JSON.stringify({ message_id: "1", status: "DELIVERED" });
    expect((await report(body, signed(body))).status).toBe(404);
  });
});
