import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../server/app";
import { accessFor } from "../../server/http/access";
import { serverForFile } from "./support/serverForFile";

const noCredentials = "Authentication credentials were not provided.";
const forbidden = "You do not have permission to perform this action.";

let tokens: Record<"customer" | "staff" | "admin", string>;
let values: Record<string, string>;

const server = serverForFile();
beforeAll(async () => {
  const customer = await server.fundedCustomer(500_000);
  const purchase = await server.boughtAirtime(customer, "08031234567", 10_000);
  tokens = {
    customer: customer.token,
    staff: (await server.signedInOperator("staff")).token,
    admin: (await server.signedInOperator("admin")).token,
  };
  values = {
    id: purchase.id,
    user_id: customer.id,
    reference: purchase.reference,
    action: "requery",
  };
});

/** Every route the API serves, with its path's parameters filled in for this test's data. */
function everyRoute() {
  const routes = apiRoutes(server.deps);
  return routes.map((route) => {
    let path = route.path;
    if (path.startsWith("/sys.admin/users/")) path = path.replace(":id", values.user_id ?? "");
    if (path.includes("/fetch/") && path.includes(":id")) path = path.replace(":id", "1");
    for (const [name, value] of Object.entries(values)) path = path.replace(`:${name}`, value);
    return {
      method: route.method,
      path: `${path.slice(1)}/`,
      access: accessFor(route.path),
      template: route.path,
    };
  });
}

describe("the role matrix over every path of the API", () => {
  it("answers 401, 403 or lets the call through, exactly as each path's rule says", async () => {
    const seen: string[] = [];
    for (const route of everyRoute()) {
      for (const who of ["anonymous", "customer", "staff", "admin"] as const) {
        // Logging out ends the session it is sent with, so that one gets a session of its own.
        let token = who === "anonymous" ? undefined : tokens[who];
        if (route.template === "/auth/logout" && who !== "anonymous")
          token = await server.login(...(await credentialsOf(who)));
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
        const answer = await server.call(route.method, route.path, { token, body });
        const label = `${route.method} ${route.template} as ${who} → ${answer.status} ${answer.body?.msg ?? ""}`;
        seen.push(label);
        const access = route.access;
        const refusedForWho =
          answer.status === 403 ||
          answer.body.code === "no_credentials" ||
          answer.body.code === "session_expired";
        if (access === "public") {
          expect(refusedForWho, label).toBe(false);
        } else if (access === "apiKey" && who !== "anonymous") {
          // A program's path takes an API key: a session's token, whoever's, is no key.
          expect(answer.status, label).toBe(401);
          expect(answer.body.code, label).toBe("invalid_key");
        } else if (who === "anonymous") {
          expect(answer.status, label).toBe(401);
          expect(answer.body, label).toMatchObject({ code: "no_credentials", msg: noCredentials });
        } else if (access === "signedIn" || access.includes(who)) {
          expect(refusedForWho, label).toBe(false);
          expect(answer.status, label).toBeLessThan(500);
        } else {
          expect(answer.status, label).toBe(403);
          expect(answer.body, label).toMatchObject({ code: "forbidden", msg: forbidden });
        }
      }
    }
    // The matrix covered the whole contract, customer, staff and admin paths alike.
    expect(seen.length).toBe(everyRoute().length * 4);
    for (const path of [
      "/core/staff/fetch/data/plans/:id",
      "/sys.admin/emergency-mode",
      "/core/staff/transaction/:id/refund",
      "/core/customer/airtime",
    ]) {
      expect(everyRoute().some((r) => r.template === path)).toBe(true);
    }
  }, 120_000);
});

const passwords: Record<string, [string, string]> = {};
async function credentialsOf(who: "customer" | "staff" | "admin"): Promise<[string, string]> {
  if (!passwords[who]) {
    const made = who === "customer" ? await server.signedInCustomer() : await server.signedInOperator(who);
    passwords[who] = [made.email, made.password];
  }
  return passwords[who] as [string, string];
}
