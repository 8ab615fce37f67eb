import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "../../schemas/transactions";
import { createTestServer, type TestServer } from "./support/testServer";

let server: TestServer;
let c: Awaited<ReturnType<TestServer["fundedCustomer"]>>;
beforeAll(async () => {
  server = await createTestServer();
  c = await server.fundedCustomer(2_000_000);
  const buy = (body: Record<string, unknown>, path = "core/customer/airtime/") =>
    server.post(path, { pin: c.pin, request_id: crypto.randomUUID(), ...body }, c.token);
  server.clock.advance(1_000);
  await buy({ network_id: 1, phone: "08031234567", amount: 100_000 });
  server.clock.advance(1_000);
  await buy({ network_id: 2, phone: "08051230000", amount: 50_000 });
  server.clock.advance(1_000);
  await buy({ plan_id: 1, phone: "08031234567" }, "core/customer/data-bundle/");
});
afterAll(() => server.close());

type Page = { count: number; page: number; page_size: number; results: Transaction[] };
const list = async (query = "") =>
  (await server.get(`core/customer/transactions/${query}`, c.token)).body.data as Page;

describe("the transaction history", () => {
  it("lists every transaction, newest first", async () => {
    const page = await list();
    expect(page.count).toBe(4);
    expect(page.results.map((t) => t.kind)).toEqual(["data", "airtime", "airtime", "funding"]);
  });

  it("filters by kind and status, and searches reference, recipient and description", async () => {
    expect((await list("?kind=airtime")).count).toBe(2);
    expect((await list("?status=failed")).results.map((t) => t.recipient)).toEqual(["08051230000"]);
    expect((await list("?kind=airtime&status=successful")).count).toBe(1);
    expect((await list("?search=0805123")).count).toBe(1);
    expect((await list("?search=GLO")).count).toBe(1);
    const reference = (await list("?kind=data")).results[0]?.reference ?? "";
    expect((await list(`?search=${reference}`)).results.map((t) => t.reference)).toEqual([reference]);
    expect((await list("?search=%25")).count).toBe(0);
  });

  it("refuses a NUL character in the search with 400, not a database error", async () => {
    const answer = await server.get("core/customer/transactions/?search=08%0031", c.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.search).toEqual(["Text may not contain the NUL character (U+0000)."]);
  });

  it("pages", async () => {
    const first = await list("?page=1&page_size=3");
    const second = await list("?page=2&page_size=3");
    expect(first).toMatchObject({ count: 4, page: 1, page_size: 3 });
    expect(first.results).toHaveLength(3);
    expect(second.results).toHaveLength(1);
  });

  it("keeps a history per product", async () => {
    const airtime = (await server.get("core/customer/airtime/", c.token)).body.data as Page;
    expect(airtime.results.every((t) => t.kind === "airtime")).toBe(true);
    expect(airtime.count).toBe(2);
    const data = (await server.get("core/customer/data-bundle/?status=successful", c.token)).body
      .data as Page;
    expect(data.count).toBe(1);
    expect((await server.get("core/customer/tv/", c.token)).body.data).toMatchObject({ count: 0 });
    expect((await server.get("core/customer/electricity/", c.token)).body.data).toMatchObject({ count: 0 });
  });

  it("shows only the customer's own", async () => {
    const other = await server.signedInCustomer();
    expect(((await server.get("core/customer/transactions/", other.token)).body.data as Page).count).toBe(0);
  });
});
