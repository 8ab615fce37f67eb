import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../server/db/schema";
import {
  isPublicAddress,
  postWebhook,
  WebhookAddressRefused,
} from "../../server/outside/webhooks/webhookPost";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { deliverDueWebhooks, retrySteps } from "../../server/services/webhooks/webhookOutbox";
import { keyHolder } from "./support/keyHolders";
import { serverForFile } from "./support/serverForFile";
import { ipv6CarryingPrivate, ipv6Public } from "./support/webhookAddresses";
import { type ReceivedHook, startWebhookReceiver } from "./support/webhookReceiver";

// Webhooks that arrive: a purchase made with a key settles, its owner's https endpoint gets the record
// signed with the key's secret, and a receiver that is down for a day loses nothing.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const minute = 60_000;

// The receiver is on this machine: the test allows a private address, which production never does.
const server = serverForFile({ WEBHOOK_ALLOW_PRIVATE: "true" });
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(async () => {
  // Nothing left due from an earlier test: each starts with an empty outbox and receiver.
  await server.db.delete(webhookDeliveries);
  receiver.received.length = 0;
});

/** A reseller with a key sending its webhooks to `webhookUrl`, or to none. */
async function resellerWithHook(webhookUrl: string | null = receiver.url) {
  const holder = await keyHolder(server, { keyBody: webhookUrl ? { webhook_url: webhookUrl } : {} });
  return { ...holder, key: holder.made };
}

async function topup(key: string, phone: string, amount = 200) {
  const res = await server.app.request("/reseller/api/topup/", {
    method: "POST",
    headers: { authorization: `Token ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ network: 1, amount, mobile_number: phone }),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** What the receiver checks: the HMAC of "<t>.<raw body>" with the signing secret, in hex. */
function signatureValid(header: string, body: string, secret: string) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  return createHmac("sha256", secret).update(`${match[1]}.${body}`).digest("hex") === match[2];
}

/** Whether a delivered hook carries a valid signature of its body with `secret`. */
const signedWith = (hook: ReceivedHook | undefined, secret: string) =>
  signatureValid(String(hook?.headers["x-ojapay-signature"]), hook?.body ?? "", secret);

/** The key's deliveries as stored, oldest first: read directly once the clock has passed any session. */
const storedDeliveries = (keyId: string) =>
  server.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.apiKeyId, keyId))
    .orderBy(webhookDeliveries.createdAt);

/** Whether the key still lets its holder in (the market dialect's account answer). */
async function keyWorks(key: string) {
  const res = await server.app.request("/reseller/api/user/", { headers: { authorization: `Token ${key}` } });
  return res.status === 200;
}

const deliveriesOf = (token: string) =>
  server.sendOk("GET /core/customer/webhook-deliveries", { token, query: {} });

describe("webhooks to a reseller", () => {
  it("post a settled purchase's record in the dialect it was bought in, signed with the key's secret", async () => {
    const reseller = await resellerWithHook();
    const record = await topup(reseller.key.key, "08031234567");
    expect(await deliverDueWebhooks(server.deps)).toBe(1);
    const [hook] = receiver.received;
    if (!hook) throw new Error("nothing arrived");
    expect(JSON.parse(hook.body)).toEqual(record);
    expect(hook.headers["content-type"]).toBe("application/json");
    expect(hook.headers["x-ojapay-event"]).toBe("purchase.settled");
    const signature = String(hook.headers["x-ojapay-signature"]);
    expect(signatureValid(signature, hook.body, reseller.key.signing_secret)).toBe(true);
    expect(signatureValid(signature, hook.body, "another secret")).toBe(false);
    expect(signature).toContain(`t=${Math.floor(server.clock.now().getTime() / 1000)},`);

    const listed = await deliveriesOf(reseller.token);
    expect(listed.results).toEqual([
      expect.objectContaining({
        event: "purchase.settled",
        reference: record.ident,
        status: "delivered",
        attempts: 1,
        last_status: 200,
      }),
    ]);
    // Delivered once: the next run has nothing to send.
    expect(await deliverDueWebhooks(server.deps)).toBe(0);
  });

  it("post a purchase bought through the v1 API as the v1 purchase, under its event", async () => {
    const reseller = await resellerWithHook();
    const requestId = crypto.randomUUID();
    const res = await server.app.request("/api/v1/purchases/", {
      method: "POST",
      headers: { authorization: `Bearer ${reseller.key.key}`, "content-type": "application/json" },
      body: JSON.stringify({
        kind: "airtime",
        network_id: 1,
        phone: "08031234567",
        amount: 300_00,
        request_id: requestId,
      }),
    });
    const bought = ((await res.json()) as { data: Record<string, unknown> }).data;
    expect(await deliverDueWebhooks(server.deps)).toBe(1);
    const [hook] = receiver.received;
    expect(JSON.parse(hook?.body ?? "")).toEqual({ event: "purchase.settled", data: bought });
    expect(bought).toMatchObject({ status: "successful", request_id: requestId });
    expect(signedWith(hook, reseller.key.signing_secret)).toBe(true);
  });

  it("say nothing while a purchase is pending, then post it once settled; a failure says refund", async () => {
    const reseller = await resellerWithHook();
    const pending = await topup(reseller.key.key, "08031231111");
    expect(pending.Status).toBe("processing");
    expect(await deliverDueWebhooks(server.deps)).toBe(0);
    server.clock.advance(1_000);
    await requeryDue(server.deps);
    server.clock.advance(2_000);
    await requeryDue(server.deps);
    const failed = await topup(reseller.key.key, "08031230000");
    expect(await deliverDueWebhooks(server.deps)).toBe(2);
    const bodies = receiver.received.map((hook) => JSON.parse(hook.body));
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: pending.id, Status: "successful", refund: false }),
        expect.objectContaining({ id: failed.id, Status: "failed", refund: true }),
      ]),
    );
  });

  it("keep trying a receiver that is down for a day: 1, 5 and 15 minutes, 1, 6 and 24 hours, the same body each time", async () => {
    const reseller = await resellerWithHook();
    await topup(reseller.key.key, "08031234567");
    receiver.answer(500, 503, 302, 404, 500, 500);
    expect(await deliverDueWebhooks(server.deps)).toBe(1);
    for (const step of retrySteps.slice(0, 5)) {
      server.clock.advance(step * minute - 1_000);
      expect(await deliverDueWebhooks(server.deps), `${step} minutes`).toBe(0);
      server.clock.advance(1_000);
      expect(await deliverDueWebhooks(server.deps), `${step} minutes`).toBe(1);
    }
    const [delivery] = await storedDeliveries(reseller.key.id);
    expect(delivery).toMatchObject({
      deliveredAt: null,
      gaveUpAt: null,
      attempts: 6,
      lastStatus: 500,
      lastError: "HTTP 500",
    });
    // The last try, a day on, finds it back up.
    server.clock.advance(1440 * minute);
    expect(await deliverDueWebhooks(server.deps)).toBe(1);
    expect(receiver.received).toHaveLength(7);
    expect(new Set(receiver.received.map((hook) => hook.body)).size).toBe(1);
    // Each try is signed when it is sent.
    const times = receiver.received.map(
      (hook) => /^t=(\d+),/.exec(String(hook.headers["x-ojapay-signature"]))?.[1],
    );
    expect(new Set(times).size).toBe(7);
    // A redirect is an answer, never followed.
    expect(receiver.received.every((hook) => String(hook.headers.host).endsWith(`:${receiver.port}`))).toBe(
      true,
    );
    expect((await storedDeliveries(reseller.key.id))[0]).toMatchObject({
      deliveredAt: server.clock.now(),
      attempts: 7,
    });
  });

  it("give up after the seventh failed try, and send again when asked, to the URL as it is now", async () => {
    const reseller = await resellerWithHook();
    await topup(reseller.key.key, "08031234567");
    receiver.answer(500, 500, 500, 500, 500, 500, 500);
    await deliverDueWebhooks(server.deps);
    for (const step of retrySteps) {
      server.clock.advance(step * minute);
      await deliverDueWebhooks(server.deps);
    }
    server.clock.advance(10 * 1440 * minute);
    expect(await deliverDueWebhooks(server.deps)).toBe(0);
    const token = await server.login(reseller.email, reseller.password);
    const [failed] = (await deliveriesOf(token)).results;
    expect(failed).toMatchObject({ status: "failed", attempts: 7, next_attempt_at: null, last_status: 500 });

    const again = await server.send("POST /core/customer/webhook-deliveries/:id/resend", {
      token,
      params: { id: failed?.id ?? "" },
    });
    expect(again.status).toBe(201);
    await expect.poll(() => receiver.received.length).toBe(8);
    expect(receiver.received[7]?.body).toBe(receiver.received[0]?.body);
    await expect
      .poll(async () => (await deliveriesOf(token)).results.map((d) => d.status))
      .toEqual(["delivered", "failed"]);
  });

  it("send a test event when asked, and refuse without a URL, for another's key, or an http URL", async () => {
    const reseller = await resellerWithHook(null);
    const noUrl = await server.send("POST /core/customer/api-keys/:id/test-event", {
      token: reseller.token,
      params: { id: reseller.key.id },
    });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.msg).toBe("This key has no webhook URL. Set one first.");
    const plainHttp = await server.send("PATCH /core/customer/api-keys/:id", {
      token: reseller.token,
      params: { id: reseller.key.id },
      body: { webhook_url: "http://shop.example.com/hook" },
    });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.fields).toHaveProperty("webhook_url");
    const saved = await server.sendOk("PATCH /core/customer/api-keys/:id", {
      token: reseller.token,
      params: { id: reseller.key.id },
      body: { webhook_url: receiver.url },
    });
    expect(saved.webhook_url).toBe(receiver.url);
    const other = await resellerWithHook();
    for (const call of [
      "POST /core/customer/api-keys/:id/test-event",
      "PATCH /core/customer/api-keys/:id",
    ] as const) {
      const res = await server.send(call, {
        token: other.token,
        params: { id: reseller.key.id },
        body: { webhook_url: null },
      } as never);
      expect(res.status, call).toBe(404);
    }

    const test = await server.sendOk("POST /core/customer/api-keys/:id/test-event", {
      token: reseller.token,
      params: { id: reseller.key.id },
    });
    expect(test).toMatchObject({ event: "test", reference: null });
    await expect.poll(() => receiver.received.length).toBe(1);
    const [hook] = receiver.received;
    expect(JSON.parse(hook?.body ?? "")).toEqual({ event: "test", data: null });
    expect(signedWith(hook, reseller.key.signing_secret)).toBe(true);
    const admin = await server.signedInOperator("admin");
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "api_key.update" },
    });
    expect(audit.results.filter((entry) => entry.target.id === reseller.key.id)).toHaveLength(1);
  });

  it("keep coming for a revoked key's purchases: one waiting for its retry, one settled after, one resent by hand", async () => {
    const reseller = await resellerWithHook();
    const settled = await topup(reseller.key.key, "08031234567");
    receiver.answer(503);
    expect(await deliverDueWebhooks(server.deps)).toBe(1);
    const pending = await topup(reseller.key.key, "08031231111");
    expect(pending.Status).toBe("processing");
    const revoked = await server.sendOk("DELETE /core/customer/api-keys/:id", {
      token: reseller.token,
      params: { id: reseller.key.id },
    });
    expect(revoked.revoked_at).not.toBeNull();
    expect(await keyWorks(reseller.key.key)).toBe(false);

    // The purchase pending at the revocation settles; the refused delivery's retry falls due.
    server.clock.advance(1_000);
    await requeryDue(server.deps);
    server.clock.advance(2_000);
    await requeryDue(server.deps);
    server.clock.advance(minute);
    expect(await deliverDueWebhooks(server.deps)).toBe(2);
    expect(receiver.received.slice(1).map((hook) => JSON.parse(hook.body))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: settled.id, Status: "successful" }),
        expect.objectContaining({ id: pending.id, Status: "successful" }),
      ]),
    );
    // Signed with the revoked key's secret, which its receiver holds.
    for (const hook of receiver.received) expect(signedWith(hook, reseller.key.signing_secret)).toBe(true);

    // Its owner may send a purchase's outcome again; a test event needs a live key.
    const listed = (await deliveriesOf(reseller.token)).results;
    const first = listed.find((d) => d.reference === settled.ident);
    const again = await server.send("POST /core/customer/webhook-deliveries/:id/resend", {
      token: reseller.token,
      params: { id: first?.id ?? "" },
    });
    expect(again.status).toBe(201);
    await expect.poll(() => receiver.received.length).toBe(4);
    expect(receiver.received[3]?.body).toBe(receiver.received[0]?.body);
    const test = await server.send("POST /core/customer/api-keys/:id/test-event", {
      token: reseller.token,
      params: { id: reseller.key.id },
    });
    expect(test.status).toBe(404);
    expect(receiver.received).toHaveLength(4);
  });

  it("are sent once when several instances run the worker at the same time", async () => {
    const reseller = await resellerWithHook();
    for (let i = 0; i < 5; i++) await topup(reseller.key.key, `0803123456${i}`);
    const tried = await Promise.all([1, 2, 3, 4].map(() => deliverDueWebhooks(server.deps)));
    expect(tried.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(receiver.received).toHaveLength(5);
  });

  it("leave out purchases of keys without a URL, and purchases made in the app", async () => {
    const reseller = await resellerWithHook(null);
    await topup(reseller.key.key, "08031234567");
    await server.buyAirtime({ token: reseller.token, pin: reseller.pin }, "08031234567", 300_00);
    expect(
      await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.apiKeyId, reseller.key.id)),
    ).toEqual([]);
  });
});

describe("where webhooks may go", () => {
  it("calls only public addresses over https, unless a test allows its own machine", async () => {
    for (const address of [
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "127.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["102.89.3.4", "8.8.8.8", "2001:4860:4860::8888"])
      expect(isPublicAddress(address), address).toBe(true);
    const post = { body: "{}", headers: {}, allowPrivate: false, timeoutMs: 2_000 };
    for (const url of [
      receiver.url,
      `https://localhost:${receiver.port}/hook`,
      "https://[::1]/hook",
      "http://8.8.8.8/hook",
    ])
      await expect(postWebhook({ ...post, url }), url).rejects.toBeInstanceOf(WebhookAddressRefused);
    expect(receiver.received).toHaveLength(0);
    expect(await postWebhook({ ...post, url: receiver.url, allowPrivate: true })).toBe(200);
  });

  it("refuses every IPv6 form that carries a private IPv4 address, judging a global one by what it carries", async () => {
    for (const address of ipv6CarryingPrivate) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ipv6Public) expect(isPublicAddress(address), address).toBe(true);
    // Connecting: refused before any connection is tried, however the address is written in the URL.
    const post = { body: "{}", headers: {}, allowPrivate: false, timeoutMs: 2_000 };
    for (const address of ipv6CarryingPrivate) {
      const url = `https://[${address}]:${receiver.port}/hook`;
      await expect(postWebhook({ ...post, url }), url).rejects.toBeInstanceOf(WebhookAddressRefused);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it("gives a receiver that does not answer its time limit, and counts the try as failed", async () => {
    receiver.hang(true);
    const started = Date.now();
    await expect(
      postWebhook({ url: receiver.url, body: "{}", headers: {}, allowPrivate: true, timeoutMs: 300 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    receiver.hang(false);
  });
});
