import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeys, transactions } from "../../server/db/schema";
import { keyHolder } from "./support/keyHolders";
import { createTestServer, type TestServer } from "./support/testServer";

// Issue 36: a key's call is counted against its rate limit exactly once, however the request ends:
// by the check that found the key (a read), by a purchase's hold, or as the purchase or the request
// ends (a refusal before the hold, a replay, a fault). Each counted call moves the key's `bucket_at`
// on by 1/rate (10 a second: 100 ms), and the test clock stands still, so every request below must
// move it by exactly 100 ms: none free, none counted twice.

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const bucketOf = async (keyId: string) => {
  const [key] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  return key?.bucketAt?.getTime() ?? 0;
};

const purchasesOf = async (userId: string) =>
  (await server.db.select().from(transactions).where(eq(transactions.userId, userId))).filter(
    (row) => row.kind !== "funding",
  ).length;

/** The provider set fails once, as a fault of ours would: the next thing to ask it meets an Error. */
const faultOnce = (method: "get" | "has") =>
  vi.spyOn(server.deps.providers, method).mockImplementationOnce(() => {
    throw new Error("a fault in the provider set");
  });

type Send = (key: string) => Response | Promise<Response>;

/**
 * Each case on one key, in turn (well within its burst of 30): the request's status, and whether it
 * bought anything (`bought`: purchases made, 0 when it ended before its hold or was refused there).
 */
type Case = [name: string, send: Send, status: number, bought: number, fault?: "get" | "has"];

function countsEachOnce(holderOf: () => ReturnType<typeof keyHolder>, cases: Case[]) {
  let holder: Awaited<ReturnType<typeof keyHolder>>;
  beforeAll(async () => {
    holder = await holderOf();
    // The first call sets the bucket; every case after it is measured from there.
    await cases[0]?.[1](holder.key);
  });
  it.each(cases)("counts once: %s", async (_name, send, status, bought, fault) => {
    const before = { bucket: await bucketOf(holder.keyId), purchases: await purchasesOf(holder.id) };
    const spy = fault && faultOnce(fault);
    const res = await send(holder.key);
    spy?.mockRestore();
    expect(res.status, await res.text()).toBe(status);
    expect((await bucketOf(holder.keyId)) - before.bucket).toBe(100);
    expect(await purchasesOf(holder.id)).toBe(before.purchases + bought);
  });
}

/** A call to the v1 API: Bearer key, JSON. */
const v1 =
  (method: string, path: string, body?: unknown, raw?: string): Send =>
  (key) =>
    server.app.request(`/api/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...((body !== undefined || raw !== undefined) && { body: raw ?? JSON.stringify(body) }),
    });

/** A call in the market's dialect: Token key, JSON. */
const dialect =
  (method: string, path: string, body?: unknown): Send =>
  (key) =>
    server.app.request(`/reseller/api/${path}`, {
      method,
      headers: { authorization: `Token ${key}`, "content-type": "application/json" },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });

const airtime = (amount: number, phone = "08031234567") => ({
  kind: "airtime",
  network_id: 1,
  phone,
  amount,
  request_id: crypto.randomUUID(),
});
const replayed = airtime(100_00, "08031230001");

describe("a v1 call", () => {
  countsEachOnce(
    () => keyHolder(server, { kobo: 2_000_00, level: "api" }),
    [
      ["a read", v1("GET", "balance"), 200, 0],
      ["a read that meets a fault", v1("GET", "catalogue"), 500, 0, "has"],
      [
        "a body the schema refuses",
        v1("POST", "purchases", { ...airtime(100_00), request_id: undefined }),
        400,
        0,
      ],
      [
        "a body over 16 kB",
        v1("POST", "purchases", undefined, JSON.stringify({ pad: "x".repeat(17_000) })),
        413,
        0,
      ],
      ["a purchase a rule refuses before its hold", v1("POST", "purchases", airtime(1)), 400, 0],
      ["a purchase its hold refuses (too little money)", v1("POST", "purchases", airtime(5_000_00)), 400, 0],
      ["a purchase held", v1("POST", "purchases", replayed), 200, 1],
      ["a replay of that purchase's request id", v1("POST", "purchases", replayed), 200, 0],
      [
        "a purchase that meets a fault before its hold",
        v1("POST", "purchases", airtime(100_00)),
        500,
        0,
        "get",
      ],
    ],
  );
});

describe("a call in the market's dialect", () => {
  const topup = (amount: number, mobile_number: string) => ({ network: 1, amount, mobile_number });
  countsEachOnce(
    () => keyHolder(server, { kobo: 2_000_00 }),
    [
      ["a read", dialect("GET", "user/"), 200, 0],
      ["a record not found", dialect("GET", `topup/${crypto.randomUUID()}/`), 404, 0],
      ["a body the schema refuses", dialect("POST", "topup/", { network: 1 }), 400, 0],
      [
        "a purchase a rule refuses before its hold",
        dialect("POST", "topup/", topup(0.01, "08031230002")),
        400,
        0,
      ],
      [
        "a purchase its hold refuses (too little money)",
        dialect("POST", "topup/", topup(5_000, "08031230003")),
        400,
        0,
      ],
      ["a purchase held", dialect("POST", "topup/", topup(100, "08031230004")), 201, 1],
      [
        "a purchase that meets a fault before its hold",
        dialect("POST", "topup/", topup(100, "08031230005")),
        500,
        0,
        "get",
      ],
    ],
  );
});
