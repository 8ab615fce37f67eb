import { beforeAll, describe, expect, it } from "vitest";
import { transactions } from "../../server/db/schema";
import { walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

let customer: Awaited<ReturnType<TestServer["fundedCustomer"]>>;
const server = serverForFile();
beforeAll(async () => {
  customer = await server.fundedCustomer(1_000_000);
});

const id = () => crypto.randomUUID();
const airtime = () => ({
  network_id: 1,
  phone: "08031234567",
  amount: 100_000,
  pin: customer.pin,
  request_id: id(),
});
const data = () => ({ plan_id: 1, phone: "08031234567", pin: customer.pin, request_id: id() });
const tvBuy = () => ({
  action: "buy",
  provider_id: 1,
  plan_id: 1,
  smartcard: "7023456789",
  phone: "08031234567",
  pin: customer.pin,
  request_id: id(),
});
const power = () => ({
  action: "buy",
  disco_id: 1,
  meter_number: "45071234567",
  meter_type: "prepaid",
  amount: 200_000,
  phone: "08031234567",
  pin: customer.pin,
  request_id: id(),
});

// Bodies are made when each case runs: the customer (and its PIN) exists only after beforeAll.
type Case = [string, string, () => { body?: unknown; raw?: string }, string, string];
const cases: Case[] = [
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), network_id: undefined } }),
    "network_id",
    "Choose a network.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), network_id: 9 } }),
    "network_id",
    "Choose a network.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), amount: 100.5 } }),
    "amount",
    "Amount must be a whole number.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), amount: 100_000_000_001 } }),
    "amount",
    "At most ₦1,000,000,000.",
  ],
  [
    "electricity",
    "core/customer/electricity/",
    () => ({ raw: JSON.stringify(power()).replace('"amount":200000', '"amount":1e400') }),
    "amount",
    "Amount must be a number.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), amount: "1000" } }),
    "amount",
    "Amount must be a number.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), phone: "+1 415 555 0100" } }),
    "phone",
    "Enter a Nigerian mobile number, like 08031234567.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), pin: "12" } }),
    "pin",
    "PIN must be exactly 4 digits.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), pin: 1357 } }),
    "pin",
    "Transaction PIN must be text.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), request_id: "1" } }),
    "request_id",
    "request_id must be a UUID.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), discount: 100 } }),
    "discount",
    "This field is not allowed.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ body: { ...airtime(), phone: "0".repeat(100_000) } }),
    "phone",
    "Phone number must be at most 20 characters.",
  ],
  [
    "airtime",
    "core/customer/airtime/",
    () => ({ raw: '{"network_id": 1,' }),
    "_",
    "The request body must be valid JSON.",
  ],
  [
    "data",
    "core/customer/data-bundle/",
    () => ({ body: { ...data(), plan_id: 99_999 } }),
    "plan_id",
    "Choose a data plan from the list.",
  ],
  [
    "data",
    "core/customer/data-bundle/",
    () => ({ body: { ...data(), plan_id: "1" } }),
    "plan_id",
    "Plan must be a number.",
  ],
  [
    "data",
    "core/customer/data-bundle/",
    () => ({ body: { ...data(), price: 1 } }),
    "price",
    "This field is not allowed.",
  ],
  [
    "tv",
    "core/customer/tv/",
    () => ({ body: { ...tvBuy(), action: "steal" } }),
    "action",
    "Action is not valid.",
  ],
  [
    "tv",
    "core/customer/tv/",
    () => ({ body: { ...tvBuy(), smartcard: "12ab" } }),
    "smartcard",
    "Smartcard number must be 6 to 20 digits.",
  ],
  [
    "tv",
    "core/customer/tv/",
    () => ({ body: { ...tvBuy(), plan_id: 8 } }),
    "plan_id",
    "Choose a bouquet from DStv's list.",
  ],
  [
    "tv",
    "core/customer/tv/",
    () => ({ body: { ...tvBuy(), provider_id: 40 } }),
    "provider_id",
    "Choose a TV provider.",
  ],
  [
    "tv",
    "core/customer/tv/",
    () => ({ body: { action: "verify", provider_id: 1 } }),
    "smartcard",
    "Smartcard number is required.",
  ],
  [
    "electricity",
    "core/customer/electricity/",
    () => ({ body: { ...power(), meter_type: "smart" } }),
    "meter_type",
    "Meter type must be one of: prepaid, postpaid.",
  ],
  [
    "electricity",
    "core/customer/electricity/",
    () => ({ body: { ...power(), amount: 50_000 } }),
    "amount",
    "The amount for Abuja Electricity (AEDC) must be from ₦1,000 to ₦500,000.",
  ],
  [
    "electricity",
    "core/customer/electricity/",
    () => ({ body: { ...power(), disco_id: 77 } }),
    "disco_id",
    "Choose your electricity company.",
  ],
  [
    "electricity",
    "core/customer/electricity/",
    () => ({ raw: "[]" }),
    "_",
    "The request body must be a JSON object.",
  ],
];

describe("bad input on the purchase endpoints", () => {
  it.each(cases)(
    "%s %#: %s refuses with the envelope and holds nothing",
    async (_product, path, request, field, message) => {
      const before = await server.db.$count(transactions);
      const answer = await server.call("POST", path, { ...request(), token: customer.token });
      expect(answer.status).toBe(400);
      expect(answer.body.status).toBe(false);
      expect(answer.body.fields?.[field]).toEqual([message]);
      expect(await server.db.$count(transactions)).toBe(before);
      expect(await walletBalance(server.db, customer.id)).toBe(1_000_000);
    },
  );

  it.each([
    ["core/customer/transactions/?page=0", "page"],
    ["core/customer/transactions/?page_size=500", "page_size"],
    ["core/customer/transactions/?kind=gift", "kind"],
    ["core/customer/transactions/?status=lost", "status"],
    ["core/customer/airtime/?page=abc", "page"],
  ])("refuses the query %s", async (path, field) => {
    const answer = await server.get(path, customer.token);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields ?? {})).toEqual([field]);
  });

  it.each([
    "core/customer/fetch/data/abc",
    "core/customer/fetch/data/99",
    "core/customer/fetch/tv/0",
    "core/customer/transactions/lower-case/",
  ])("answers 404 for %s", async (path) => {
    expect((await server.get(path, customer.token)).status).toBe(404);
  });

  it("keeps one customer's receipt from another", async () => {
    const other = await server.fundedCustomer(200_000);
    const { reference } = await server.sendOk("POST /core/customer/airtime", {
      token: customer.token,
      body: airtime(),
    });
    expect(
      (
        await server.send("GET /core/customer/transactions/:reference", {
          token: other.token,
          params: { reference },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await server.send("GET /core/customer/transactions/:reference", {
          token: customer.token,
          params: { reference },
        })
      ).status,
    ).toBe(200);
  });
});
