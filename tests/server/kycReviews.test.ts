import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, users } from "../../server/db/schema";
import { identityFingerprint } from "../../server/services/kyc/identityChecks";
import { verifiedByCode } from "./support/identityCodes";
import { serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

const server = serverForFile();

type Person = Awaited<ReturnType<TestServer["signedInCustomer"]>>;
type Operator = Awaited<ReturnType<TestServer["signedInOperator"]>>;

let staff: Operator;
let admin: Operator;
// Console sessions end after 15 idle minutes, and other tests move the clock.
beforeEach(async () => {
  staff = await server.signedInOperator("staff");
  admin = await server.signedInOperator("admin");
});

const chidinmasNin = "12345679999";
const ownNumber = () => `2${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}1`;

async function customer(details: Record<string, string> = {}, born = "1990-05-04"): Promise<Person> {
  const person = await server.signedInCustomer(details);
  await server.sendOk("PATCH /auth/profile", { token: person.token, body: { date_of_birth: born } });
  return person;
}
const verify = (person: Person, number: string, id_type: "bvn" | "nin" = "nin") =>
  server.send("POST /core/customer/kyc/verify", { token: person.token, body: { id_type, number } });
const kycOf = (person: Person) => server.sendOk("GET /core/customer/kyc", { token: person.token });
const auditOf = (action: string, targetId: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action as "kyc.override"), eq(auditLog.targetId, targetId)));

/** A customer whose details a failed check fixed. */
async function lockedCustomer(details: Record<string, string> = {}, born?: string) {
  const person = await customer(details, born);
  expect((await verify(person, chidinmasNin)).status).toBe(400);
  return person;
}

describe("a correction of fixed details", () => {
  it("waits for staff: nothing changes until one applies it, audited with before and after", async () => {
    const kemi = await lockedCustomer({ first_name: "Kemi", last_name: "Ola" });
    const asked = await server.send("POST /core/customer/kyc/changes", {
      token: kemi.token,
      body: { first_name: "Chidinma", last_name: "Okafor", note: "My real name" },
    });
    expect(asked.status).toBe(201);
    expect(asked.data).toMatchObject({
      details_locked: true,
      last_check: { id_type: "nin", id_last4: "9999", outcome: "name_mismatch" },
      change_request: { status: "pending", first_name: "Chidinma", last_name: "Okafor", resolved_at: null },
    });
    const profile = await server.sendOk("GET /auth/profile", { token: kemi.token });
    expect(profile).toMatchObject({ first_name: "Kemi", last_name: "Ola" });
    const twice = await server.send("POST /core/customer/kyc/changes", {
      token: kemi.token,
      body: { first_name: "Chi" },
    });
    expect(twice.status).toBe(409);

    // Staff see the correction beside the check that failed: the rename would fit someone else's NIN.
    const queue = await server.sendOk("GET /core/staff/kyc/changes", { token: staff.token });
    const item = queue.results.find((r) => r.customer.id === kemi.id);
    expect(item).toMatchObject({
      status: "pending",
      before: { first_name: "Kemi", last_name: "Ola", date_of_birth: "1990-05-04" },
      requested: { first_name: "Chidinma", last_name: "Okafor", date_of_birth: "1990-05-04" },
      note: "My real name",
      checks: [{ id_type: "nin", id_last4: "9999", outcome: "name_mismatch" }],
      customer: { email: kemi.email, tier: 1 },
    });

    const approved = await server.send("POST /core/staff/kyc/changes/:id/approve", {
      token: staff.token,
      params: { id: item?.id ?? "" },
      body: { reason: "Birth certificate and bank letter seen at the office" },
    });
    expect(approved.status).toBe(200);
    expect(approved.data).toMatchObject({
      status: "approved",
      resolution: "Birth certificate and bank letter seen at the office",
    });
    expect(approved.data?.resolved_by?.id).toBe(staff.id);
    expect(await server.sendOk("GET /auth/profile", { token: kemi.token })).toMatchObject({
      first_name: "Chidinma",
      last_name: "Okafor",
    });
    const [entry] = await auditOf("kyc.change.approve", kemi.id);
    expect(entry).toMatchObject({
      actorId: staff.id,
      targetType: "user",
      before: { status: "pending", first_name: "Kemi", last_name: "Ola" },
      after: { status: "approved", first_name: "Chidinma", last_name: "Okafor" },
    });
    expect((await kycOf(kemi)).change_request).toMatchObject({ status: "approved" });
    // Decided once.
    const again = await server.send("POST /core/staff/kyc/changes/:id/approve", {
      token: admin.token,
      params: { id: item?.id ?? "" },
      body: { reason: "Approving a second time" },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_done");
  });

  it("rejected, leaves the profile as it was, audited", async () => {
    const ada = await lockedCustomer();
    await server.sendOk("POST /core/customer/kyc/changes", {
      token: ada.token,
      body: { date_of_birth: "1994-03-17" },
    });
    const pending = await server.sendOk("GET /core/staff/kyc/changes", {
      token: admin.token,
      query: { page_size: 100 },
    });
    const item = pending.results.find((r) => r.customer.id === ada.id);
    const rejected = await server.send("POST /core/staff/kyc/changes/:id/reject", {
      token: admin.token,
      params: { id: item?.id ?? "" },
      body: { reason: "The date asked for is another customer's" },
    });
    expect(rejected.status).toBe(200);
    expect((await server.sendOk("GET /auth/profile", { token: ada.token })).date_of_birth).toBe("1990-05-04");
    const [entry] = await auditOf("kyc.change.reject", ada.id);
    expect(entry?.after).toMatchObject({ status: "rejected", date_of_birth: "1990-05-04" });
    const decided = await server.sendOk("GET /core/staff/kyc/changes", {
      token: staff.token,
      query: { status: "rejected" },
    });
    expect(decided.results.some((r) => r.id === item?.id)).toBe(true);
    expect((await kycOf(ada)).change_request?.status).toBe("rejected");
  });

  it("is refused before any check, after a successful one, and when it changes nothing", async () => {
    const fresh = await customer();
    const early = await server.send("POST /core/customer/kyc/changes", {
      token: fresh.token,
      body: { first_name: "Bola" },
    });
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe(
      "Your name and date of birth are not fixed yet: change them under Personal details.",
    );

    const verified = await customer();
    expect(
      (await verifiedByCode(server, verified, { id_type: "nin", number: ownNumber() })).confirmed?.status,
    ).toBe(200);
    const late = await server.send("POST /core/customer/kyc/changes", {
      token: verified.token,
      body: { first_name: "Bola" },
    });
    expect(late.status).toBe(400);

    const locked = await lockedCustomer();
    const same = await server.send("POST /core/customer/kyc/changes", {
      token: locked.token,
      body: { first_name: "Ada" },
    });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe("invalid_input");
  });

  it("answers 400 with the field for bad input", async () => {
    const locked = await lockedCustomer();
    const cases: Array<[unknown, string]> = [
      [{}, "_"],
      [{ note: "just a note" }, "_"],
      [{ first_name: "R2-D2" }, "first_name"],
      [{ date_of_birth: "2999-01-01" }, "date_of_birth"],
      [{ first_name: "Bola", note: "x".repeat(501) }, "note"],
      [{ first_name: "Bola", extra: true }, "extra"],
    ];
    for (const [body, field] of cases) {
      const answer = await server.post("core/customer/kyc/changes/", body, locked.token);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields, JSON.stringify(body)).toHaveProperty(field);
    }
  });
});

describe("a contest of a number linked to another account", () => {
  it("reaches staff with both accounts side by side, tells the customer nothing of the other, and staff move the number", async () => {
    // Kemi took Chidinma's NIN before the fix (as the rename let her): her row holds its fingerprint.
    const kemi = await customer({ first_name: "Kemi", last_name: "Ola", phone: "08011112222" }, "1990-01-01");
    const fingerprint = identityFingerprint(server.deps.config.totpKey, "nin", chidinmasNin);
    await server.db
      .update(users)
      .set({
        kycTier: 2,
        kycTierSource: "identity_check",
        identityType: "nin",
        identityLast4: "9999",
        identityFingerprint: fingerprint,
        identityName: "Chidinma Adaeze Okafor",
        identityVerifiedAt: server.clock.now(),
      })
      .where(eq(users.id, kemi.id));

    const owner = await customer(
      { first_name: "Chidinma", last_name: "Okafor", phone: "08035550199" },
      "1994-03-17",
    );
    const taken = await verify(owner, chidinmasNin);
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual({ contestable: true });
    expect((await kycOf(owner)).last_check).toMatchObject({ outcome: "taken", id_last4: "9999" });

    const contested = await server.send("POST /core/customer/kyc/contest", {
      token: owner.token,
      body: { id_type: "nin", number: chidinmasNin, note: "This NIN is mine; I enrolled in Enugu." },
    });
    expect(contested.status).toBe(201);
    expect(contested.data?.contest).toMatchObject({ status: "pending", id_type: "nin", id_last4: "9999" });
    // Nothing of the other account reaches the contesting customer.
    const shown = [
      taken.body,
      contested.body,
      (await server.send("GET /core/customer/kyc", { token: owner.token })).body,
    ];
    for (const secret of ["Kemi", "Ola", "08011112222", "1990-01-01", kemi.email, kemi.id]) {
      expect(JSON.stringify(shown)).not.toContain(secret);
    }

    const queue = await server.sendOk("GET /core/staff/kyc/contests", {
      token: staff.token,
      query: { page_size: 100 },
    });
    const item = queue.results.find((r) => r.claimant.id === owner.id);
    expect(item).toMatchObject({
      status: "pending",
      id_type: "nin",
      id_last4: "9999",
      note: "This NIN is mine; I enrolled in Enugu.",
      claimant: {
        first_name: "Chidinma",
        last_name: "Okafor",
        date_of_birth: "1994-03-17",
        phone: "08035550199",
        email: owner.email,
        tier: 1,
        holds_number: false,
        checks: [{ outcome: "taken", id_last4: "9999" }],
      },
      holder: {
        id: kemi.id,
        first_name: "Kemi",
        last_name: "Ola",
        date_of_birth: "1990-01-01",
        phone: "08011112222",
        email: kemi.email,
        tier: 2,
        id_last4: "9999",
        holds_number: true,
      },
    });
    expect(item?.holder.verified_at).not.toBeNull();

    const moved = await server.send("POST /core/staff/kyc/contests/:id/approve", {
      token: staff.token,
      params: { id: item?.id ?? "" },
      body: { reason: "Owner's NIN slip matches; the other account renamed itself after a failed check" },
    });
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({
      status: "approved",
      claimant: { tier: 2, holds_number: true, id_last4: "9999" },
      holder: { tier: 1, holds_number: false, id_last4: null },
    });
    expect(await kycOf(owner)).toMatchObject({
      tier: 2,
      id_type: "nin",
      id_last4: "9999",
      verified_name: "Chidinma Adaeze Okafor",
      contest: { status: "approved" },
    });
    expect(await kycOf(kemi)).toMatchObject({ tier: 1, tier_source: "admin", id_type: null });
    const [entry] = await auditOf("kyc.contest.approve", item?.id ?? "");
    expect(entry).toMatchObject({
      actorId: staff.id,
      targetType: "identity_contest",
      before: { claimant: { id: owner.id, tier: 1 }, holder: { id: kemi.id, tier: 2, id_last4: "9999" } },
      after: { status: "approved", claimant: { tier: 2 }, holder: { tier: 1, id_last4: null } },
    });
    const again = await server.send("POST /core/staff/kyc/contests/:id/reject", {
      token: admin.token,
      params: { id: item?.id ?? "" },
      body: { reason: "Too late for this" },
    });
    expect(again.status).toBe(409);
  });

  it("rejected, leaves the number where it is, audited", async () => {
    const number = ownNumber();
    const holder = await customer();
    expect((await verifiedByCode(server, holder, { id_type: "nin", number })).confirmed?.status).toBe(200);
    const claimant = await customer({ first_name: "Bola", last_name: "Ade" });
    expect((await verify(claimant, number)).status).toBe(409);
    await server.sendOk("POST /core/customer/kyc/contest", {
      token: claimant.token,
      body: { id_type: "nin", number },
    });
    const queue = await server.sendOk("GET /core/staff/kyc/contests", {
      token: admin.token,
      query: { page_size: 100 },
    });
    const item = queue.results.find((r) => r.claimant.id === claimant.id);
    expect(item?.note).toBeNull();
    const rejected = await server.send("POST /core/staff/kyc/contests/:id/reject", {
      token: admin.token,
      params: { id: item?.id ?? "" },
      body: { reason: "The holder showed their NIN slip" },
    });
    expect(rejected.status).toBe(200);
    expect(await kycOf(holder)).toMatchObject({ tier: 2, id_last4: number.slice(-4) });
    expect(await kycOf(claimant)).toMatchObject({ tier: 1, contest: { status: "rejected" } });
    const [entry] = await auditOf("kyc.contest.reject", item?.id ?? "");
    expect(entry?.after).toMatchObject({ status: "rejected", reason: "The holder showed their NIN slip" });
  });

  it("is only for a number the registry matched to the customer and another account holds, once at a time", async () => {
    const number = ownNumber();
    const holder = await customer();
    expect((await verifiedByCode(server, holder, { id_type: "nin", number })).confirmed?.status).toBe(200);
    const claimant = await customer();
    // Never checked: no contest, and nothing said about whether the number is linked anywhere.
    const blind = await server.send("POST /core/customer/kyc/contest", {
      token: claimant.token,
      body: { id_type: "nin", number },
    });
    expect(blind.status).toBe(400);
    expect(blind.body.fields).toHaveProperty("number");
    const unlinked = await server.send("POST /core/customer/kyc/contest", {
      token: claimant.token,
      body: { id_type: "nin", number: ownNumber() },
    });
    expect(unlinked.body.msg).toBe(blind.body.msg);

    expect((await verify(claimant, number)).status).toBe(409);
    const body = { id_type: "nin" as const, number };
    expect(
      (await server.send("POST /core/customer/kyc/contest", { token: claimant.token, body })).status,
    ).toBe(201);
    expect(
      (await server.send("POST /core/customer/kyc/contest", { token: claimant.token, body })).status,
    ).toBe(409);
  });
});

describe("who may call the identity reviews", () => {
  it("keeps the queues and decisions to staff and admins, and the requests to customers", async () => {
    const person = await lockedCustomer();
    const id = crypto.randomUUID();
    const staffPaths = [
      ["GET", "core/staff/kyc/changes/"],
      ["GET", "core/staff/kyc/contests/"],
      ["POST", `core/staff/kyc/changes/${id}/approve/`],
      ["POST", `core/staff/kyc/changes/${id}/reject/`],
      ["POST", `core/staff/kyc/contests/${id}/approve/`],
      ["POST", `core/staff/kyc/contests/${id}/reject/`],
    ] as const;
    const reason = { reason: "Checked in person" };
    for (const [method, path] of staffPaths) {
      const body = method === "POST" ? reason : undefined;
      expect((await server.call(method, path, { body })).status, path).toBe(401);
      expect((await server.call(method, path, { body, token: person.token })).status, path).toBe(403);
      for (const who of [staff, admin]) {
        const answer = await server.call(method, path, { body, token: who.token });
        expect(answer.status, path).toBe(method === "GET" ? 200 : 404);
      }
    }
    for (const path of ["core/customer/kyc/changes/", "core/customer/kyc/contest/"]) {
      expect((await server.call("POST", path, { body: {} })).status).toBe(401);
      for (const who of [staff, admin]) {
        expect((await server.call("POST", path, { body: {}, token: who.token })).status, path).toBe(403);
      }
    }
  });

  it("answers 400 for a decision without a reason, a status no queue has, or a key no query knows", async () => {
    const noReason = await server.send("POST /core/staff/kyc/changes/:id/approve", {
      token: staff.token,
      params: { id: crypto.randomUUID() },
      body: { reason: "ok" },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields?.reason).toEqual(["Give a reason of at least 5 characters."]);
    const badStatus = await server.get("core/staff/kyc/contests/?status=open", staff.token);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.fields).toHaveProperty("status");
    const unknownKey = await server.get("core/staff/kyc/changes/?user=1", staff.token);
    expect(unknownKey.status).toBe(400);
    const notAnId = await server.send("POST /core/staff/kyc/contests/:id/approve", {
      token: staff.token,
      params: { id: "123" },
      body: { reason: "Checked in person" },
    });
    expect(notAnId.status).toBe(404);
  });
});
