import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions, webhookDeliveries } from "../../server/db/schema";
import { msorgEpinTriggers } from "../../server/outside/msorg/simulator/msorgSimulator";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { deliverDueWebhooks } from "../../server/services/webhooks/webhookOutbox";
import { expectPinsNeitherLoggedNorInHistory } from "./support/deliveredPinReads";
import { keyedBuyers } from "./support/keyedBuyers";
import { walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";

// Exam PINs bought with an API key, in the market's dialect (`epin/`) and through the v1 API
// (`kind: "exam_pin"`): the PINs in the purchase's own answer and its read, never in a list or a
// webhook. NECO's result checker is sold only by the simulated vendor, so these go through epin/.

// The receiver is on this machine: the test allows a private address, which production never does.
const server = serverForFile({ WEBHOOK_ALLOW_PRIVATE: "true" });
const { reseller, dialect, v1, received } = keyedBuyers(server);

/** The PINs the simulated vendor made for its newest record, as a reseller should see them. */
function vendorCards() {
  return server.msorg.records().at(-1)?.pins ?? [];
}

/** Every card the simulated vendor ever delivered: none may appear where PINs must not. */
const everyPin = () =>
  server.msorg
    .records()
    .flatMap((record) => record.pins ?? [])
    .map((card) => card.pin);

async function necoProduct(key: string): Promise<{ id: number; price: number }> {
  const catalogue = await v1("GET", "catalogue", key);
  const neco = catalogue.json.data.exam_pins.find((p: { exam: string }) => p.exam === "neco");
  if (!neco) throw new Error("no NECO result checker in the catalogue");
  return neco;
}

describe("epin/ in the market's dialect", () => {
  it("buys NECO PINs without a PIN of ours, answering the vendor's record with each card `<pin><=><serial>`", async () => {
    const holder = await reseller();
    const before = await walletBalance(server.db, holder.id);
    const bought = await dialect("POST", "epin/", holder.key, { exam_name: "neco", quantity: 2 });
    expect(bought.status).toBe(201);
    const cards = vendorCards();
    expect(cards).toHaveLength(2);
    expect(bought.json).toMatchObject({
      Status: "successful",
      refund: false,
      exam_name: "neco",
      quantity: 2,
      data_pin: { pin: cards.map((card) => `${card.pin}<=>${card.serial}`).join("\n") },
    });
    const { price } = await necoProduct(holder.key);
    expect(await walletBalance(server.db, holder.id)).toBe(before - 2 * price);
    expect(bought.json.paid_amount).toBe(((price * 2) / 100).toFixed(2));

    const read = await dialect("GET", `epin/${bought.json.id}/`, holder.key);
    expect(read.json).toEqual(bought.json);
    const listed = await dialect("GET", "epin/", holder.key);
    expect(listed.json.results).toEqual([expect.objectContaining({ id: bought.json.id, quantity: 2 })]);
    expect(listed.json.results[0]).not.toHaveProperty("data_pin");
    for (const pin of everyPin()) expect(JSON.stringify(listed.json)).not.toContain(pin);
  });

  it("lists one result checker's price at the account's level in user/'s Exam", async () => {
    const holder = await reseller();
    const account = await dialect("GET", "user/", holder.key);
    const { price } = await necoProduct(holder.key);
    expect(account.json.Exam).toMatchObject({ NECO: { amount: price / 100 } });
    expect(Object.keys(account.json.Exam)).not.toContain("JAMB");
  });

  it("never shows one account's PINs to another key", async () => {
    const holder = await reseller();
    const bought = await dialect("POST", "epin/", holder.key, { exam_name: "NECO", quantity: 1 });
    const other = await reseller();
    expect((await dialect("GET", `epin/${bought.json.id}/`, other.key)).status).toBe(404);
  });

  it("holds the money while the vendor is processing, and shows the PINs once a requery delivers them", async () => {
    const holder = await reseller();
    const quantity = msorgEpinTriggers.processingThenSuccessful;
    const bought = await dialect("POST", "epin/", holder.key, { exam_name: "NECO", quantity });
    expect(bought.json).toMatchObject({ Status: "processing", refund: false });
    expect(bought.json).not.toHaveProperty("data_pin");
    server.msorg.settle(Number(server.msorg.records().at(-1)?.id));
    server.clock.advance(10 * 60_000);
    await requeryDue(server.deps);
    const read = await dialect("GET", `epin/${bought.json.id}/`, holder.key);
    expect(read.json.Status).toBe("successful");
    expect(read.json.data_pin.pin.split("\n")).toHaveLength(quantity);
  });

  it("keeps a purchase the vendor delivered short of a PIN pending, its money held and no PIN kept", async () => {
    const holder = await reseller();
    const bought = await dialect("POST", "epin/", holder.key, {
      exam_name: "NECO",
      quantity: msorgEpinTriggers.shortOfPins,
    });
    expect(bought.json).toMatchObject({ Status: "processing", refund: false });
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, bought.json.id));
    expect(row).toMatchObject({ status: "pending", vouchers: null });
  });

  it("gives the money back when the vendor's record fails", async () => {
    const holder = await reseller();
    const before = await walletBalance(server.db, holder.id);
    const bought = await dialect("POST", "epin/", holder.key, {
      exam_name: "NECO",
      quantity: msorgEpinTriggers.failed,
    });
    expect(bought.json).toMatchObject({ Status: "failed", refund: true });
    expect(await walletBalance(server.db, holder.id)).toBe(before);
  });

  it.each([
    [{ quantity: 1 }, "exam_name"],
    [{ exam_name: "JAMB", quantity: 1 }, "exam_name"],
    [{ exam_name: "GCE", quantity: 1 }, "exam_name"],
    [{ exam_name: "", quantity: 1 }, "exam_name"],
    [{ exam_name: "WAEC", quantity: 11 }, "quantity"],
    [{ exam_name: "WAEC", quantity: "two" }, "quantity"],
    [{ exam_name: "WAEC", quantity: 0 }, "quantity"],
    [{ exam_name: ["WAEC"], quantity: 1 }, "exam_name"],
  ])(
    "refuses %j with a 400 in the vendors' shape (an error list), naming %s, buying nothing",
    async (body, field) => {
      const holder = await reseller();
      const answer = await dialect("POST", "epin/", holder.key, body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: [expect.stringContaining(field)] });
      expect((await dialect("GET", "epin/", holder.key)).json.count).toBe(0);
    },
  );
});

describe("exam_pin in the v1 API", () => {
  it("buys with a key, answering and reading the purchase with its PINs", async () => {
    const holder = await reseller();
    const neco = await necoProduct(holder.key);
    const body = {
      kind: "exam_pin",
      product: neco.id,
      quantity: 3,
      phone: "08031234567",
      request_id: crypto.randomUUID(),
    };
    const bought = await v1("POST", "purchases", holder.key, body);
    expect(bought.status).toBe(200);
    expect(bought.json.data).toMatchObject({
      kind: "exam_pin",
      status: "successful",
      total: neco.price * 3,
      request_id: body.request_id,
      pins: vendorCards(),
    });
    const byId = await v1("GET", `purchases/${bought.json.data.id}`, holder.key);
    expect(byId.json.data).toEqual(bought.json.data);
    const byRequest = await v1("GET", `purchases/${body.request_id}`, holder.key);
    expect(byRequest.json.data.pins).toEqual(vendorCards());
    // The same request id answers the same purchase, and buys nothing again.
    const records = server.msorg.records().length;
    expect((await v1("POST", "purchases", holder.key, body)).json.data).toEqual(bought.json.data);
    expect(server.msorg.records()).toHaveLength(records);
  });

  it.each([
    [{ quantity: 11 }, "quantity"],
    [{ quantity: 0 }, "quantity"],
    [{ product: 0 }, "product"],
    [{ phone: "12345" }, "phone"],
    [{ profile_id: "123" }, "profile_id"],
    [{ pin: "1357" }, "pin"],
  ])("refuses %j with a 400 naming %s", async (change, field) => {
    const holder = await reseller();
    const neco = await necoProduct(holder.key);
    const body = {
      kind: "exam_pin",
      product: neco.id,
      quantity: 1,
      phone: "08031234567",
      request_id: crypto.randomUUID(),
      ...change,
    };
    const answer = await v1("POST", "purchases", holder.key, body);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: false, fields: { [field]: expect.any(Array) } });
  });

  it("refuses a profile ID for a product that needs none, and a product not in the catalogue", async () => {
    const holder = await reseller();
    const neco = await necoProduct(holder.key);
    const base = { kind: "exam_pin", quantity: 1, phone: "08031234567" };
    const withProfile = await v1("POST", "purchases", holder.key, {
      ...base,
      product: neco.id,
      profile_id: "0123456789",
      request_id: crypto.randomUUID(),
    });
    expect(withProfile).toMatchObject({ status: 400, json: { fields: { profile_id: expect.any(Array) } } });
    const missing = await v1("POST", "purchases", holder.key, {
      ...base,
      product: 9_999,
      request_id: crypto.randomUUID(),
    });
    expect(missing).toMatchObject({ status: 400, json: { fields: { product: expect.any(Array) } } });
  });
  it("is in the OpenAPI document the Developer pages are written from: the body's exam_pin kind, and pins", async () => {
    const document = await (await server.app.request("/api/openapi.json")).json();
    const purchase = document.paths["/v1/purchases/"].post;
    const written = JSON.stringify(purchase.requestBody);
    const resolved = written.includes("exam_pin") ? written : JSON.stringify(document.components);
    expect(resolved).toContain('"exam_pin"');
    expect(resolved).toContain("profile_id");
    expect(JSON.stringify(document)).toContain("exam PINs or recharge cards it delivered in `pins`");
  });
});

describe("webhooks of exam PIN purchases", () => {
  it("fire for each purchase in its dialect, and carry no PIN: the program fetches the purchase", async () => {
    const holder = await reseller();
    const neco = await necoProduct(holder.key);
    const record = await dialect("POST", "epin/", holder.key, { exam_name: "NECO", quantity: 2 });
    const bought = await v1("POST", "purchases", holder.key, {
      kind: "exam_pin",
      product: neco.id,
      quantity: 1,
      phone: "08031234567",
      request_id: crypto.randomUUID(),
    });
    expect(await deliverDueWebhooks(server.deps)).toBe(2);
    const stored = await server.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.apiKeyId, holder.keyId));
    expect(stored.map((delivery) => [delivery.lastStatus, delivery.lastError])).toEqual([
      [200, null],
      [200, null],
    ]);
    const bodies = received().map((hook) => JSON.parse(hook.body));
    const { data_pin: _pins, ...withoutPins } = record.json;
    const { pins: _v1Pins, ...v1WithoutPins } = bought.json.data;
    expect(bodies).toEqual(
      expect.arrayContaining([withoutPins, { event: "purchase.settled", data: v1WithoutPins }]),
    );
    for (const hook of received()) for (const pin of everyPin()) expect(hook.body).not.toContain(pin);
  });
});

describe("the PINs bought in this file", () => {
  it("are in no log line, nor in any purchase's history staff read", async () => {
    await expectPinsNeitherLoggedNorInHistory(server, everyPin());
  });
});
