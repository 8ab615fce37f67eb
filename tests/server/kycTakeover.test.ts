import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users } from "../../server/db/schema";
import { identityCodesSent, lastIdentityCode, verifiedByCode } from "./support/identityCodes";
import { serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

// Issue 23, item 3: tier 2 with someone else's NIN by renaming oneself. These tests speak plain HTTP
// (no route-table keys), so they run against the code before the fix too, and fail there.

const server = serverForFile();

/** Chidinma Adaeze Okafor's NIN in the simulated registry (born 1994-03-17, phone +2348035550199). */
const chidinmasNin = "12345679999";
const chidinma = { first_name: "Chidinma", last_name: "Okafor", phone: "08035550199" };
const chidinmaBorn = "1994-03-17";
// A number the simulated registry holds under whoever asks.
const ownNumber = () => `2${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}1`;

type Person = Awaited<ReturnType<TestServer["signedInCustomer"]>>;

async function customer(details: Record<string, string>, born: string): Promise<Person> {
  const person = await server.signedInCustomer(details);
  const dated = await server.send("PATCH /auth/profile", {
    token: person.token,
    body: { date_of_birth: born },
  });
  expect(dated.status).toBe(200);
  return person;
}
const verify = (person: Person, number: string, idType = "nin") =>
  server.post("core/customer/kyc/verify/", { id_type: idType, number }, person.token);
const confirm = (person: Person, code: string) =>
  server.send("POST /core/customer/kyc/confirm-code", { token: person.token, body: { code } });
const tierOf = async (person: Person) => {
  const status = (await server.send("GET /core/customer/kyc", { token: person.token })).body.data as {
    tier: number;
  } | null;
  return status?.tier;
};

describe("tier 2 with someone else's NIN (issue 23)", () => {
  it("refuses the rename that follows a failed check, so the NIN stays for its owner", async () => {
    const kemi = await customer({ first_name: "Kemi", last_name: "Ola" }, "1990-01-01");
    const first = await verify(kemi, chidinmasNin);
    expect(first.status).toBe(400);

    const rename = await server.send("PATCH /auth/profile", {
      token: kemi.token,
      body: { first_name: "Chidinma", last_name: "Okafor" },
    });
    expect(rename.status).toBe(400);
    expect(rename.body.code).toBe("not_allowed");
    expect(Object.keys(rename.body.fields ?? {}).sort()).toEqual(["first_name", "last_name"]);
    const again = await verify(kemi, chidinmasNin);
    expect(again.status).not.toBe(200);
    expect(await tierOf(kemi)).toBe(1);
    const [row] = await server.db.select().from(users).where(eq(users.id, kemi.id));
    expect(row).toMatchObject({ firstName: "Kemi", lastName: "Ola", identityFingerprint: null });

    // The real Chidinma is not met with 409 for her own NIN.
    const owner = await customer(chidinma, chidinmaBorn);
    const hers = await verifiedByCode(server, owner, { id_type: "nin", number: chidinmasNin });
    expect(hers.checked.status).toBe(200);
    expect(hers.confirmed?.status).toBe(200);
    expect(await tierOf(owner)).toBe(2);
  });

  it("refuses someone who signed up under the owner's names but does not have her date of birth", async () => {
    const stranger = await customer(chidinma, "1990-01-01");
    const answer = await verify(stranger, chidinmasNin);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("identity_mismatch");
    expect(answer.body.msg).toMatch(/date of birth on this NIN does not match the one on your profile/);
    // Nothing of the record is told: not its date, not its phone, not its middle name.
    expect(JSON.stringify(answer.body)).not.toMatch(/1994|03-17|0199|Adaeze|ADAEZE/);
    expect(await tierOf(stranger)).toBe(1);
    // The date of birth cannot be changed to try again.
    const redate = await server.send("PATCH /auth/profile", {
      token: stranger.token,
      body: { date_of_birth: chidinmaBorn },
    });
    expect(redate.status).toBe(400);
    expect(redate.body.fields).toHaveProperty("date_of_birth");
  });

  it("sends the code to the phone the registry holds, not the profile's: knowing her details is not enough", async () => {
    // Someone with all of Chidinma's details and a phone of his own on the profile.
    const impostor = await customer({ ...chidinma, phone: "08099990000" }, chidinmaBorn);
    const matched = await verify(impostor, chidinmasNin, "bvn");
    expect(matched.status).toBe(200);
    expect(matched.body.msg).toContain("0803 *** **99, the phone your bank holds for your BVN");
    expect(JSON.stringify(matched.body)).not.toMatch(/555/);
    const [sent] = await identityCodesSent(server, impostor.id);
    expect(sent?.to).toBe("2348035550199");
    // Without the code her phone received, he stays at tier 1, whatever he guesses.
    for (const code of ["000000", "123456", "999999", "111111", "654321"]) {
      if (code !== sent?.code) await confirm(impostor, code);
    }
    expect(await tierOf(impostor)).toBe(1);
  });
});

describe("the names and date of birth a check asked about", () => {
  it("are fixed once the registry answers anything, a number it does not know included", async () => {
    const ada = await customer({}, "1990-05-04");
    expect((await verify(ada, "22345670000")).status).toBe(400);
    const rename = await server.send("PATCH /auth/profile", {
      token: ada.token,
      body: { last_name: "Okonkwo" },
    });
    expect(rename.status).toBe(400);
    expect(rename.body.msg).toBe(
      "Your name and date of birth are fixed since your identity check. Ask for a correction under Wallet and verification; staff will review it.",
    );
    // Sending them unchanged, as the profile form does, and changing the phone are fine.
    const same = await server.send("PATCH /auth/profile", {
      token: ada.token,
      body: { first_name: "Ada", last_name: "Okafor", date_of_birth: "1990-05-04", phone: "08031110000" },
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ first_name: "Ada", phone: "08031110000" });
  });

  it("stay free when the provider could not answer", async () => {
    const ada = await customer({}, "1990-05-04");
    expect((await verify(ada, "22345675555")).status).toBe(503);
    server.clock.advance(10_000);
    expect(
      (await server.send("PATCH /auth/profile", { token: ada.token, body: { last_name: "Okonkwo" } })).status,
    ).toBe(200);
  });

  it("cannot change while a check is out with the provider, and are free again once it gave no answer", async () => {
    const ada = await customer({}, "1990-05-04");
    // Ends in 3333: the provider never answers, and our time limit (1 s in tests) ends the check.
    const check = verify(ada, "22345673333");
    await expect
      .poll(
        async () => (await server.db.select().from(users).where(eq(users.id, ada.id)))[0]?.identityCheckUntil,
      )
      .not.toBeNull();
    const during = await server.send("PATCH /auth/profile", {
      token: ada.token,
      body: { first_name: "Chidinma" },
    });
    expect(during.status).toBe(400);
    expect(during.body.msg).toBe("Your identity is being checked right now. Try again in a minute.");
    expect((await check).status).toBe(503);
    server.clock.advance(10_000);
    expect(
      (await server.send("PATCH /auth/profile", { token: ada.token, body: { first_name: "Adaeze" } })).status,
    ).toBe(200);
  });

  it("need a date of birth before any check, refused clearly and counted nowhere", async () => {
    const ada = await server.signedInCustomer();
    const none = await verify(ada, ownNumber());
    expect(none.status).toBe(400);
    expect(none.body.fields?.date_of_birth).toEqual([
      "Enter your date of birth: the registry's record is checked against it.",
    ]);
    // One given with the check is saved to the profile and checked.
    const given = await server.send("POST /core/customer/kyc/verify", {
      token: ada.token,
      body: { id_type: "bvn", number: ownNumber(), date_of_birth: "1990-05-04" },
    });
    expect(given.status).toBe(200);
    const profile = await server.send("GET /auth/profile", { token: ada.token });
    expect(profile.body.data).toMatchObject({ date_of_birth: "1990-05-04", kyc_tier: 1 });
  });

  it("must agree with the date of birth given with a check", async () => {
    const ada = await customer({}, "1990-05-04");
    const other = await server.send("POST /core/customer/kyc/verify", {
      token: ada.token,
      body: { id_type: "bvn", number: ownNumber(), date_of_birth: "1991-05-04" },
    });
    expect(other.status).toBe(400);
    expect(other.body.fields).toHaveProperty("date_of_birth");
  });

  it("stay in an admin's hands: Manage users renames a locked customer, audited", async () => {
    const ada = await customer({}, "1990-05-04");
    expect((await verify(ada, "22345670000")).status).toBe(400);
    const admin = await server.signedInOperator("admin");
    const renamed = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: ada.id },
      body: { last_name: "Okonkwo" },
    });
    expect(renamed.status).toBe(200);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.update"), eq(auditLog.targetId, ada.id)));
    expect(entry).toMatchObject({ before: { last_name: "Okafor" }, after: { last_name: "Okonkwo" } });
  });
});

describe("one number, one account", () => {
  it("ends with one account when two check the same number at the same moment", async () => {
    const number = ownNumber();
    const [a, b] = await Promise.all([customer({}, "1990-05-04"), customer({}, "1990-05-04")]);
    if (!a || !b) throw new Error("no customers");
    const checks = await Promise.all([verify(a, number), verify(b, number)]);
    // Both may be matched while neither holds it: the codes decide, and only one links it.
    const matched = [a, b].filter((_, i) => checks[i]?.status === 200);
    const answers = await Promise.all(
      matched.map(async (person) => confirm(person, await lastIdentityCode(server, person.id))),
    );
    const statuses = [...checks.filter((x) => x.status !== 200), ...answers].map((x) => x.status);
    expect(statuses.sort()).toEqual([200, 409]);
    const holders = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.identityLast4, number.slice(-4)));
    expect(holders.filter((h) => h.id === a.id || h.id === b.id)).toHaveLength(1);
  });
});
