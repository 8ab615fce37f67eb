import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BodyOf } from "../../schemas/routes/contract";
import type { RouteTable } from "../../schemas/routes/routeTable";
import { auditLog, users } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

let admin: Awaited<ReturnType<TestServer["signedInOperator"]>>;
const server = serverForFile({ PUBLIC_URL: "https://pay.example" });
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});

const invitee = (email: string): BodyOf<RouteTable["POST /sys.admin/staff"]> => ({
  first_name: "Femi",
  last_name: "Ade",
  email,
  phone: "08051234567",
  role: "staff",
});

describe("POST sys.admin/staff/ (staff invitations)", () => {
  it("makes the account, emails a set-password link, and the invitee signs in through the authenticator", async () => {
    const answer = await server.send("POST /sys.admin/staff", {
      token: admin.token,
      body: invitee("Femi.Ade@Example.com"),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.msg).toBe("Invitation sent to femi.ade@example.com.");
    if (!answer.data) throw new Error("the invitation was refused");
    const { id } = answer.data;
    const [row] = await server.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: "staff", emailVerifiedAt: null, email: "femi.ade@example.com" });

    const mail = server.mailbox.sent.at(-1);
    expect(mail).toMatchObject({
      to: "femi.ade@example.com",
      subject: "You have been invited to the OjaPay console",
    });
    const link = server.mailbox.lastLink("femi.ade@example.com");
    expect(`${link.origin}${link.pathname}`).toBe("https://pay.example/auth/reset-password");
    const fragment = new URLSearchParams(link.hash.slice(1));
    expect(fragment.get("invited")).toBe("1");
    // Nobody knows the password the account was made with.
    expect(
      (await server.send("POST /auth/login", { body: { email: "femi.ade@example.com", password: "" } }))
        .status,
    ).toBe(400);

    // The link still works two days later (a reset link lasts an hour; an invitation, 3 days).
    server.clock.advance(2 * 86_400_000);
    const set = await server.post("auth/password-reset/confirm/", {
      token: fragment.get("token"),
      new_password: "femi chose this one",
    });
    expect(set.status).toBe(200);
    const token = await server.login("femi.ade@example.com", "femi chose this one");
    const profile = await server.send("GET /auth/profile", { token });
    expect(profile.body.data).toMatchObject({ role: "staff", second_factor: "setup", wallet: null });

    const [audit] = await server.db.select().from(auditLog).where(eq(auditLog.action, "staff.invite"));
    expect(audit).toMatchObject({ actorId: admin.id, targetId: id, before: null });
    expect(audit?.after).toMatchObject({ email: "femi.ade@example.com", role: "staff" });
  });

  it("refuses a taken email, and anyone but an admin", async () => {
    admin.token = await server.consoleLogin(admin); // the first test moved the clock days on
    const c = await server.signedInCustomer();
    const taken = await server.send("POST /sys.admin/staff", { token: admin.token, body: invitee(c.email) });
    expect(taken).toMatchObject({ status: 409, body: { msg: "An account already uses this email." } });
    const staff = await server.signedInOperator("staff");
    expect(
      (await server.send("POST /sys.admin/staff", { token: staff.token, body: invitee("x@example.com") }))
        .status,
    ).toBe(403);
    expect(
      (await server.send("POST /sys.admin/staff", { token: c.token, body: invitee("x@example.com") })).status,
    ).toBe(403);
    expect(await server.db.$count(users, eq(users.email, "x@example.com"))).toBe(0);
  });

  it.each([
    [{ ...invitee("r@example.com"), role: "customer" }, "role", "Role must be staff or admin."],
    [{ ...invitee("r@example.com"), email: "nope" }, "email", "Enter a valid email address."],
    [{ ...invitee("r@example.com"), password: "chosen by admin" }, "password", "This field is not allowed."],
  ])("refuses %j and makes nothing", async (body, field, message) => {
    const answer = await server.post("sys.admin/staff/", body, admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
    expect(await server.db.$count(users, eq(users.email, "r@example.com"))).toBe(0);
  });
});
