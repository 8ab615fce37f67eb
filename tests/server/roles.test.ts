import { beforeAll, describe, expect, it } from "vitest";
import { serverForFile } from "./support/serverForFile";

let tokens: Record<"customer" | "staff" | "admin", string>;
let customerId: string;

const server = serverForFile();
beforeAll(async () => {
  const customer = await server.signedInCustomer();
  customerId = customer.id;
  tokens = {
    customer: customer.token,
    staff: (await server.signedInOperator("staff")).token,
    admin: (await server.signedInOperator("admin")).token,
  };
});

type Who = "anonymous" | "customer" | "staff" | "admin";
const allowed = "allowed";
type Expect = typeof allowed | 401 | 403;

const matrix: Array<[string, string, unknown, Record<Who, Expect>]> = [
  ["GET", "status/", undefined, { anonymous: allowed, customer: allowed, staff: allowed, admin: allowed }],
  [
    "GET",
    "openapi.json",
    undefined,
    { anonymous: allowed, customer: allowed, staff: allowed, admin: allowed },
  ],
  ["GET", "auth/profile/", undefined, { anonymous: 401, customer: allowed, staff: allowed, admin: allowed }],
  [
    "PATCH",
    "auth/profile/",
    { last_name: "Bello" },
    { anonymous: 401, customer: allowed, staff: allowed, admin: allowed },
  ],
  [
    "POST",
    "customer/pin-reset/request/",
    undefined,
    { anonymous: 401, customer: allowed, staff: 403, admin: 403 },
  ],
  [
    "POST",
    "customer/pin-reset/confirm/",
    { code: "000000", new_pin: "1234" },
    { anonymous: 401, customer: allowed, staff: 403, admin: 403 },
  ],
  ["GET", "sys.admin/users/", undefined, { anonymous: 401, customer: 403, staff: 403, admin: allowed }],
  [
    "GET",
    "sys.admin/users/:customer",
    undefined,
    { anonymous: 401, customer: 403, staff: 403, admin: allowed },
  ],
  [
    "PATCH",
    "sys.admin/users/:customer/",
    { last_name: "Bello" },
    { anonymous: 401, customer: 403, staff: 403, admin: allowed },
  ],
  // The role is checked before the body: a customer learns nothing from a malformed admin request.
  [
    "PATCH",
    "sys.admin/users/:customer/",
    { nonsense: true },
    { anonymous: 401, customer: 403, staff: 403, admin: 400 as never },
  ],
];

describe("who may call what", () => {
  for (const [method, rawPath, body, expected] of matrix) {
    for (const who of ["anonymous", "customer", "staff", "admin"] as const) {
      it(`${method} ${rawPath} as ${who}`, async () => {
        const path = rawPath.replace(":customer", customerId);
        const token = who === "anonymous" ? undefined : tokens[who];
        const answer = await server.call(method, path, { body, token });
        const want = expected[who];
        if (want === allowed) {
          expect([401, 403]).not.toContain(answer.status);
          expect(answer.status).toBeLessThan(500);
        } else {
          expect(answer.status).toBe(want);
        }
        if (answer.status === 401)
          expect(answer.body.msg).toBe("Authentication credentials were not provided.");
        if (answer.status === 403)
          expect(answer.body.msg).toBe("You do not have permission to perform this action.");
        if (path !== "openapi.json") expect(typeof answer.body.status).toBe("boolean");
      });
    }
  }
});
