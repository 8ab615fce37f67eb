import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";
import { expectUnauditedRefusal } from "./support/unauditedRefusal";

let admin: { id: string; token: string };
const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});

describe("sys.admin/users/", () => {
  it("lists users newest first, paged, and finds them by name, email, phone or wallet number", async () => {
    server.clock.advance(1000);
    const a = await server.signedInCustomer({ first_name: "Zainab", phone: "08139998888" });
    server.clock.advance(1000);
    const b = await server.signedInCustomer({ first_name: "Yusuf" });
    const users = (search: string) =>
      server.sendOk("GET /sys.admin/users", { token: admin.token, query: { search } });
    const page1 = await server.send("GET /sys.admin/users", {
      token: admin.token,
      query: { page: 1, page_size: 2 },
    });
    expect(page1.status).toBe(200);
    const data = page1.data;
    if (!data) throw new Error("the list was refused");
    expect(data).toMatchObject({ page: 1, page_size: 2 });
    expect(data.count).toBeGreaterThanOrEqual(3);
    expect(data.results.map((r) => r.id)).toEqual([b.id, a.id]);

    expect((await users("zaina")).results.map((r) => r.id)).toEqual([a.id]);
    expect((await users("0813999")).results.map((r) => r.id)).toEqual([a.id]);
    const profile = await server.sendOk("GET /auth/profile", { token: a.token });
    const walletNumber = profile.wallet?.number;
    if (!walletNumber) throw new Error("a customer has a wallet");
    expect((await users(walletNumber)).results).toEqual([
      expect.objectContaining({ wallet_number: walletNumber }),
    ]);
    // A literal %, not a wildcard.
    expect((await users("%")).count).toBe(0);
  });

  it("shows one user with their wallet", async () => {
    const c = await server.signedInCustomer();
    const answer = await server.send("GET /sys.admin/users/:id", {
      token: admin.token,
      params: { id: c.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      id: c.id,
      email: c.email,
      is_active: true,
      wallet: { balance: 0 },
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const unknown = await server.get("sys.admin/users/4b0c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d", admin.token);
    expect(unknown).toEqual({
      status: 404,
      body: {
        status: false,
        code: "not_found",
        msg: "No user with that id.",
        data: null,
        req_id: expect.any(String),
      },
    });
    const malformed = await server.get("sys.admin/users/not-a-uuid", admin.token);
    expect(malformed.status).toBe(404);
    expect(malformed.body.status).toBe(false);
  });

  it("edits a user and writes the audit row in the same transaction", async () => {
    const c = await server.signedInCustomer();
    const answer = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: c.id },
      body: { last_name: "Balogun", can_transact: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ last_name: "Balogun", can_transact: false });
    const profile = await server.sendOk("GET /auth/profile", { token: c.token });
    expect(profile).toMatchObject({ can_transact: false });
    const [row] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, c.id))
      .orderBy(desc(auditLog.createdAt));
    expect(row).toMatchObject({
      actorId: admin.id,
      action: "user.update",
      targetType: "user",
      before: expect.objectContaining({ last_name: "Okafor", can_transact: true }),
      after: expect.objectContaining({ last_name: "Balogun", can_transact: false }),
    });
  });

  it("writes nothing, audit included, when the change is refused", async () => {
    const c = await server.signedInCustomer();
    await expectUnauditedRefusal(
      server,
      () => server.patch(`sys.admin/users/${c.id}/`, { role: "superuser" }, admin.token),
      "role",
      "Role must be one of: customer, staff, admin.",
    );
  });

  it("will not let an admin lock themselves out", async () => {
    const answer = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: admin.id },
      body: { is_active: false },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("You cannot deactivate yourself or remove your own admin role.");
  });

  it("makes no customer staff and no staff a customer: staff are invited instead", async () => {
    const c = await server.signedInCustomer();
    const answer = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: c.id },
      body: { role: "staff" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.role).toEqual([
      "A customer cannot become staff, nor staff a customer. Invite staff from Manage users instead.",
    ]);
    expect((await server.send("GET /auth/profile", { token: c.token })).status).toBe(200);
    const staff = await server.signedInOperator("staff");
    expect(
      (
        await server.send("PATCH /sys.admin/users/:id", {
          token: admin.token,
          params: { id: staff.id },
          body: { role: "customer" },
        })
      ).status,
    ).toBe(400);
  });

  it("ends the sessions of someone whose role changes between staff and admin", async () => {
    const staff = await server.signedInOperator("staff");
    expect(
      (
        await server.send("PATCH /sys.admin/users/:id", {
          token: admin.token,
          params: { id: staff.id },
          body: { role: "admin" },
        })
      ).status,
    ).toBe(200);
    expect((await server.send("GET /auth/profile", { token: staff.token })).status).toBe(401);
    const token = await server.consoleLogin(staff);
    expect((await server.send("GET /sys.admin/users", { token })).status).toBe(200);
  });
});
