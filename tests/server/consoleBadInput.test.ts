import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { apiRoutes } from "../../server/app";
import { auditLog, ledgerEntries } from "../../server/db/schema";
import { accessFor } from "../../server/http/access";
import type { Route } from "../../server/http/route";
import { keyHolder } from "./support/keyHolders";
import { serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

// Bad input on every staff and admin endpoint, generated from the route list so a new endpoint is
// covered the day it is added: each answers a 4xx with the envelope and a readable message, never a
// 500, and nothing is written (no audit row, no ledger entry).

let admin: { token: string };
let customerId: string;
let purchaseId: string;
let keyId: string;
const reviewId = crypto.randomUUID();

const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  keyId = (await keyHolder(server)).keyId;
  const customer = await server.fundedCustomer(100_000);
  customerId = customer.id;
  purchaseId = (await server.boughtAirtime(customer, "08031234567", 10_000)).id;
});

const consoleRoutes = () =>
  apiRoutes(server.deps).filter((route) => {
    const access = accessFor(route.path);
    return Array.isArray(access) && !access.includes("customer");
  });

/** The route's path with real ids where the path needs one, so only the input under test is bad. */
const realPath = (route: Route) =>
  `${route.path
    .slice(1)
    .replace(":user_id", customerId)
    .replace(/^sys\.admin\/users\/:id/, `sys.admin/users/${customerId}`)
    .replace(/^sys\.admin\/api-keys\/:id/, `sys.admin/api-keys/${keyId}`)
    .replace(/\/transaction\/:id/, `/transaction/${purchaseId}`)
    // An identity review's id: any UUID reaches the body's check (an unknown one is 404 after it).
    .replace(/\/kyc\/(changes|contests|matches)\/:id/, `/kyc/$1/${reviewId}`)
    // A dispute's id, likewise.
    .replace(/\/disputes\/:id/, `/disputes/${reviewId}`)
    .replace(":action", "requery")
    .replace(":name", "vtpass")
    .replace(":slug", "agent")
    .replace(":plan_id", "1")
    .replace(":id", "1")}/`;

async function writes() {
  return { audit: await server.db.$count(auditLog), ledger: await server.db.$count(ledgerEntries) };
}

function expectRefusal(answer: Awaited<ReturnType<TestServer["call"]>>, label: string, status?: number) {
  if (status) expect(answer.status, label).toBe(status);
  else {
    expect(answer.status, label).toBeGreaterThanOrEqual(400);
    expect(answer.status, label).toBeLessThan(500);
  }
  expect(answer.body.status, label).toBe(false);
  expect(typeof answer.body.msg, label).toBe("string");
  expect(answer.body.msg.length, label).toBeGreaterThan(3);
}

describe("bad input on every staff and admin endpoint", () => {
  it("covers the console's endpoints", () => {
    const paths = consoleRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths.length).toBeGreaterThan(25);
    expect(paths).toEqual(
      expect.arrayContaining([
        "POST /core/staff/fetch/data/plans",
        "PATCH /core/staff/fetch/airtime",
        "POST /sys.admin/emergency-mode",
        "POST /staff/customer/fund/:user_id",
      ]),
    );
  });

  it("refuses a body of the wrong shape with 400, the field named, and writes nothing", async () => {
    const before = await writes();
    const withBody = consoleRoutes().filter((r) => r.body);
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) {
      const label = `${route.method} ${route.path}`;
      const wrong = await server.call(route.method, realPath(route), {
        token: admin.token,
        body: { not_a_field: "x" },
      });
      expectRefusal(wrong, `${label} with an unknown field`, 400);
      expect(Object.keys(wrong.body.fields ?? {}).length, label).toBeGreaterThan(0);

      const broken = await server.call(route.method, realPath(route), {
        token: admin.token,
        raw: '{"amount": ',
      });
      expectRefusal(broken, `${label} with broken JSON`, 400);

      const list = await server.call(route.method, realPath(route), {
        token: admin.token,
        body: [1, 2, 3],
      });
      expectRefusal(list, `${label} with an array`, 400);
    }
    expect(await writes()).toEqual(before);
  });

  it("refuses query values of the wrong type with 400", async () => {
    const withQuery = consoleRoutes().filter((r) => r.query);
    expect(withQuery.length).toBeGreaterThan(5);
    for (const route of withQuery) {
      const keys = Object.keys((route.query as z.ZodObject).shape);
      const query = keys.map((key) => `${key}=%00not-valid%00${"x".repeat(120)}`).join("&");
      const answer = await server.call(route.method, `${realPath(route)}?${query}`, { token: admin.token });
      expectRefusal(answer, `${route.method} ${route.path}?${keys.join(",")}`, 400);
    }
  });

  it("refuses a NUL character in any query value or body text with 400 naming where it is", async () => {
    const before = await writes();
    const nul = "Text may not contain the NUL character (U+0000).";
    for (const route of consoleRoutes().filter((r) => r.query)) {
      for (const key of Object.keys((route.query as z.ZodObject).shape)) {
        const answer = await server.call(route.method, `${realPath(route)}?${key}=a%00b`, {
          token: admin.token,
        });
        expectRefusal(answer, `GET ${route.path}?${key}`, 400);
        expect(answer.body.fields?.[key], `GET ${route.path}?${key}`).toEqual([nul]);
      }
    }
    for (const route of consoleRoutes().filter((r) => r.body && !r.rawBody)) {
      const label = `${route.method} ${route.path}`;
      const answer = await server.call(route.method, realPath(route), {
        token: admin.token,
        body: { reason: "a\u0000b" },
      });
      expectRefusal(answer, label, 400);
      expect(answer.body.fields?.reason, label).toEqual([nul]);
    }
    expect(await writes()).toEqual(before);
  });

  it("refuses a catalogue id or plan id larger than its column holds with 400 or 404, never 500", async () => {
    const customer = await server.fundedCustomer(100_000);
    const before = await writes();
    const past = { control: 32_768, plan: 2 ** 31 };
    const confirmation = { pin: customer.pin, request_id: crypto.randomUUID() };
    const calls: Array<[string, string, string, unknown]> = [
      ["GET", `core/staff/fetch/data/plans/?control_id=${past.control}`, admin.token, undefined],
      ["GET", `core/staff/fetch/tv/plans/?control_id=${past.control}`, admin.token, undefined],
      ["GET", `core/staff/fetch/data/plans/sync/?control_id=${past.control}`, admin.token, undefined],
      ["PATCH", "core/staff/fetch/airtime/", admin.token, { id: past.control, enabled: false }],
      ["PATCH", "core/staff/fetch/data/networks/", admin.token, { id: past.control, enabled: false }],
      ["PATCH", "core/staff/fetch/tv/controls/", admin.token, { id: past.control, enabled: false }],
      ["PATCH", "core/staff/fetch/electricity/", admin.token, { id: past.control, enabled: false }],
      ["POST", "core/staff/fetch/data/plans/sync/", admin.token, { control_id: 1, switch_off: [past.plan] }],
      ["GET", `core/customer/fetch/data/${past.control}/`, customer.token, undefined],
      ["GET", `core/customer/fetch/tv/${past.control}/`, customer.token, undefined],
      [
        "POST",
        "core/customer/electricity/",
        customer.token,
        { action: "verify", disco_id: past.control, meter_number: "1234567890", meter_type: "prepaid" },
      ],
      [
        "POST",
        "core/customer/tv/",
        customer.token,
        { action: "verify", provider_id: past.control, smartcard: "1234567890" },
      ],
      [
        "POST",
        "core/customer/data-bundle/",
        customer.token,
        { plan_id: past.plan, phone: "08031234567", ...confirmation },
      ],
    ];
    for (const [method, path, token, body] of calls) {
      const answer = await server.call(method, path, { token, body });
      expectRefusal(answer, `${method} ${path}`);
      expect([400, 404], `${method} ${path}`).toContain(answer.status);
    }
    expect(await writes()).toEqual(before);
  });

  it("answers an id of the wrong form with 400 or 404, never 500", async () => {
    const before = await writes();
    const withIds = consoleRoutes().filter((r) => /:(id|user_id)/.test(r.path));
    expect(withIds.length).toBeGreaterThan(5);
    for (const route of withIds) {
      for (const id of ["not-an-id", "0", "-1", "99999999999999999999", "1e3"]) {
        const path = `${route.path
          .slice(1)
          .replace(/:(id|user_id)/, encodeURIComponent(id))
          .replace(":action", "requery")
          .replace(":name", "vtpass")}/`;
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
        const answer = await server.call(route.method, path, { token: admin.token, body });
        const label = `${route.method} ${route.path} with id ${id}`;
        expectRefusal(answer, label);
        expect([400, 404], label).toContain(answer.status);
      }
    }
    expect(await writes()).toEqual(before);
  });
});
