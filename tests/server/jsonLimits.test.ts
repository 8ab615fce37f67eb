import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { parseJsonText } from "../../server/http/validate";
import { keyHolder } from "./support/keyHolders";
import { type Caller, routesWithCallers } from "./support/routeCallers";
import { serverForFile } from "./support/serverForFile";

const tooDeep = "The request body is nested too deeply: at most 32 levels of arrays and objects.";
const tooManyValues = "The request body holds too many values: at most 5000.";
const tooLarge = "The request body is too large: at most 256 kB.";
const tooManyParameters = "The address has too many query parameters: at most 32.";
const limitMessages = [tooDeep, tooManyValues, tooLarge, tooManyParameters];

const nested = (depth: number, inner = "") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

let tokens: Record<Caller, string | undefined>;

const server = serverForFile();
beforeAll(async () => {
  tokens = {
    anonymous: undefined,
    customer: (await server.signedInCustomer()).token,
    admin: (await server.signedInOperator("admin")).token,
    keyHolder: (await keyHolder(server)).key,
  };
});

/** A raw request over the server's socket, and when its body has been handed to the connection. */
function postOverSocket(path: string, body: string) {
  const url = new URL(`/api/${path}`, server.origin);
  let written: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    written = resolve;
  });
  const answer = new Promise<{ status: number; body: { code?: string; msg?: string } }>((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(body, written);
  });
  return { sent, answer };
}

/** The process's CPU time, in milliseconds, spent on `work`. */
function cpuMs(work: () => void) {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe("a JSON body's depth and size, bounded before anything walks it", () => {
  it("refuses a body nested 20,000 deep with 400 naming the limit, on every route that reads a body", async () => {
    const withBody = routesWithCallers(server).filter(({ route }) => route.body);
    expect(withBody.length).toBeGreaterThanOrEqual(40);
    for (const { route, label, path, caller } of withBody) {
      // The key APIs take 16 kB at most: their bodies are as deep as fits in it.
      const depth = caller === "keyHolder" ? 5_000 : 20_000;
      for (const raw of [nested(depth), `{"email":${nested(depth)}}`]) {
        const answer = await server.call(route.method, path, { token: tokens[caller], raw });
        expect(answer.status, label).toBe(400);
        expect(answer.body, label).toMatchObject({
          code: "invalid_input",
          msg: tooDeep,
          fields: { _: [tooDeep] },
        });
      }
    }
  });

  it("lets 32 levels through to the schema and refuses 33; brackets inside strings do not count", async () => {
    const within = await server.call("POST", "auth/login/", { raw: `{"email":${nested(31, '"x"')}}` });
    expect(within.status).toBe(400);
    expect(within.body.fields).toHaveProperty("email");
    expect(within.body.msg).not.toBe(tooDeep);

    const over = await server.call("POST", "auth/login/", { raw: `{"email":${nested(32, '"x"')}}` });
    expect(over.body).toMatchObject({ code: "invalid_input", msg: tooDeep });

    const quoted = await server.call("POST", "auth/login/", {
      body: { email: "[".repeat(40_000), password: '{"\\'.repeat(10_000) },
    });
    expect(quoted.body.msg).not.toBe(tooDeep);
    expect(quoted.body.fields).toHaveProperty("email");
  });

  it("lets 5,000 values through to the schema and refuses 5,001, in arrays or as keys", async () => {
    const admin = tokens.admin;
    // Counted as the scan counts: the body object, the list, and each value after a comma.
    const list = (values: number) =>
      JSON.stringify({
        provider: "vtpass",
        control_id: 1,
        switch_off: Array.from({ length: values - 3 }, (_, i) => i + 1),
      });
    const within = await server.call("POST", "core/staff/fetch/data/plans/sync/", {
      token: admin,
      raw: list(5_000),
    });
    expect(within.body).toMatchObject({
      code: "invalid_input",
      msg: "Switch off may have at most 300 items.",
    });
    const over = await server.call("POST", "core/staff/fetch/data/plans/sync/", {
      token: admin,
      raw: list(5_001),
    });
    expect(over.body).toMatchObject({
      code: "invalid_input",
      msg: tooManyValues,
      fields: { _: [tooManyValues] },
    });

    const keys = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 0]));
    const manyKeys = await server.call("POST", "auth/login/", { body: keys });
    expect(manyKeys.body).toMatchObject({ code: "invalid_input", msg: tooManyValues });
  });

  it("refuses an API body over 256 kB with 413 naming the limit, and reads one of exactly 256 kB", async () => {
    const sized = (bytes: number) => {
      const frame = JSON.stringify({ email: "", password: "x" });
      return JSON.stringify({ email: "a".repeat(bytes - frame.length), password: "x" });
    };
    expect(Buffer.byteLength(sized(256 * 1024))).toBe(256 * 1024);
    const over = await server.call("POST", "auth/login/", { raw: sized(256 * 1024 + 1) });
    expect(over).toEqual({
      status: 413,
      body: { status: false, code: "too_large", msg: tooLarge, data: null, req_id: expect.any(String) },
    });
    const within = await server.call("POST", "auth/login/", { raw: sized(256 * 1024) });
    expect(within.status).toBe(400);
    expect(within.body.fields).toHaveProperty("email");
  });

  it("refuses a query of more than 32 parameters, and names the unknown ones of a query within", async () => {
    const query = (count: number) => Array.from({ length: count }, (_, i) => `k${i}=1`).join("&");
    const over = await server.get(`core/customer/transactions/?${query(33)}`, tokens.customer);
    expect(over.body).toMatchObject({
      code: "invalid_input",
      msg: tooManyParameters,
      fields: { _: [tooManyParameters] },
    });
    const within = await server.get(`core/customer/transactions/?${query(32)}`, tokens.customer);
    expect(within.status).toBe(400);
    expect(Object.keys(within.body.fields ?? {})).toHaveLength(32);
  });

  it("takes the largest bodies the console sends: a full plan import and a long notification", async () => {
    // 300 plans whose 60-character codes arrive escaped, and 300 switch-offs: about 120 kB, 3 levels.
    const code = "\\u00e9".repeat(60);
    const raw = `{"provider":"vtpass","control_id":1,"import":[${Array.from({ length: 300 }, () => `{"code":"${code}","price":100000}`).join(",")}],"switch_off":[${Array.from({ length: 300 }, (_, i) => 900_000 + i).join(",")}]}`;
    expect(raw.length).toBeGreaterThan(100_000);
    const sync = await server.call("POST", "core/staff/fetch/data/plans/sync/", { token: tokens.admin, raw });
    expect(limitMessages).not.toContain(sync.body.msg);
    // Past the limits and the schema, the service judged the first plan.
    expect(sync.body.fields).toHaveProperty(["import.0.code"]);

    const notice = await server.call("POST", "sys.admin/notifications/", {
      token: tokens.admin,
      body: {
        title: "Ẹ kú àárọ̀ ".repeat(8).slice(0, 80),
        body: "Ọjà wa ń ṣí lọ́la. ".repeat(60).slice(0, 1000),
      },
    });
    expect(notice.status).toBe(201);
  });

  it("spends well under 10 ms of CPU refusing a hostile body, where the old walk spent half a second", () => {
    // The validation alone, timed by the CPU it uses: a busy machine stretches wall time, not this.
    const hostile = nested(125_000);
    const calls = 100;
    const spent = cpuMs(() => {
      for (let i = 0; i < calls; i++) expect(() => parseJsonText(hostile)).toThrow(tooDeep);
    });
    expect(spent / calls).toBeLessThan(1);
  });

  it("answers hostile bodies over the socket in milliseconds, and GET /api/status/ is not held up meanwhile", async () => {
    // 250 kB of brackets, within the byte limit: the old recursive walk spent ~0.5 s of the one thread on each.
    const hostile = nested(125_000);
    const count = 10;
    const batch = () =>
      Promise.all(Array.from({ length: count }, () => postOverSocket("auth/login/", hostile).answer));
    await batch();
    const before = process.cpuUsage();
    for (const answer of await batch()) expect(answer).toMatchObject({ status: 400, body: { msg: tooDeep } });
    const used = process.cpuUsage(before);
    // Everything the process did for each, both ends of the socket and the sign-in's address count included.
    expect((used.user + used.system) / 1000 / count).toBeLessThan(50);

    const hostiles = Array.from({ length: count }, () => postOverSocket("auth/login/", hostile));
    await Promise.all(hostiles.map((h) => h.sent));
    const asked = performance.now();
    const status = await fetch(`${server.origin}/api/status/`);
    const waited = performance.now() - asked;
    expect(status.status).toBe(200);
    for (const answer of await Promise.all(hostiles.map((h) => h.answer))) expect(answer.status).toBe(400);
    // Generous for a busy machine: ten hostile bodies ahead of it held it up for seconds before.
    expect(waited).toBeLessThan(2_000);
  });
});
