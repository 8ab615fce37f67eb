import { beforeAll, describe, expect, it } from "vitest";
import type { QueryOf } from "../../schemas/routes/contract";
import type { RouteTable } from "../../schemas/routes/routeTable";
import { serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

let c: Awaited<ReturnType<TestServer["fundedCustomer"]>>;
const server = serverForFile();
beforeAll(async () => {
  c = await server.fundedCustomer(2_000_000);
  const confirm = () => ({ pin: c.pin, request_id: crypto.randomUUID() });
  const buyAirtime = (network_id: number, phone: string, amount: number) =>
    server.send("POST /core/customer/airtime", {
      token: c.token,
      body: { network_id, phone, amount, ...confirm() },
    });
  server.clock.advance(1_000);
  await buyAirtime(1, "08031234567", 100_000);
  server.clock.advance(1_000);
  await buyAirtime(2, "08051230000", 50_000);
  server.clock.advance(1_000);
  await server.send("POST /core/customer/data-bundle", {
    token: c.token,
    body: { plan_id: 1, phone: "08031234567", ...confirm() },
  });
});

const list = (query: QueryOf<RouteTable["GET /core/customer/transactions"]> = {}) =>
  server.sendOk("GET /core/customer/transactions", { token: c.token, query });

describe("the transaction history", () => {
  it("lists every transaction, newest first", async () => {
    const page = await list();
    expect(page.count).toBe(4);
    expect(page.results.map((t) => t.kind)).toEqual(["data", "airtime", "airtime", "funding"]);
  });

  it("filters by kind and status, and searches reference, recipient and description", async () => {
    expect((await list({ kind: "airtime" })).count).toBe(2);
    expect((await list({ status: "failed" })).results.map((t) => t.recipient)).toEqual(["08051230000"]);
    expect((await list({ kind: "airtime", status: "successful" })).count).toBe(1);
    expect((await list({ search: "0805123" })).count).toBe(1);
    expect((await list({ search: "GLO" })).count).toBe(1);
    const reference = (await list({ kind: "data" })).results[0]?.reference ?? "";
    expect((await list({ search: reference })).results.map((t) => t.reference)).toEqual([reference]);
    // A literal %, not a wildcard.
    expect((await list({ search: "%" })).count).toBe(0);
  });

  it("refuses a NUL character in the search with 400, not a database error", async () => {
    const answer = await server.get("core/customer/transactions/?search=08%0031", c.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.search).toEqual(["Text may not contain the NUL character (U+0000)."]);
  });

  it("pages", async () => {
    const first = await list({ page: 1, page_size: 3 });
    const second = await list({ page: 2, page_size: 3 });
    expect(first).toMatchObject({ count: 4, page: 1, page_size: 3 });
    expect(first.results).toHaveLength(3);
    expect(second.results).toHaveLength(1);
  });

  it("keeps a history per product", async () => {
    const token = c.token;
    const airtime = await server.sendOk("GET /core/customer/airtime", { token });
    expect(airtime.results.every((t) => t.kind === "airtime")).toBe(true);
    expect(airtime.count).toBe(2);
    const data = await server.sendOk("GET /core/customer/data-bundle", {
      token,
      query: { status: "successful" },
    });
    expect(data.count).toBe(1);
    expect(await server.sendOk("GET /core/customer/tv", { token })).toMatchObject({ count: 0 });
    expect(await server.sendOk("GET /core/customer/electricity", { token })).toMatchObject({ count: 0 });
  });

  it("shows only the customer's own", async () => {
    const other = await server.signedInCustomer();
    expect((await server.sendOk("GET /core/customer/transactions", { token: other.token })).count).toBe(0);
  });
});
