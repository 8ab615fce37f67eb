import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";
import { expectUnauditedRefusal } from "./support/unauditedRefusal";

let staff: { id: string; token: string };
const server = serverForFile();
beforeAll(async () => {
  staff = await server.signedInOperator("staff");
});

/** The staff's edit of data plan `id`. */
function editPlan(id: string | number, body: Record<string, unknown>) {
  return server.send("PATCH /core/staff/fetch/data/plans/:id", { token: staff.token, params: { id }, body });
}

/** An it.each case: `call(body)` is refused naming `field` with `message`, and nothing is audited. */
function refusal(call: (body: object) => ReturnType<typeof server.post>) {
  return (body: object, field: string, message: string) =>
    expectUnauditedRefusal(server, () => call(body), field, message);
}

async function lastAudit() {
  const [row] = await server.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  return row;
}

describe("airtime controls", () => {
  it("lists every network with each provider's offer, and saves a change, audited", async () => {
    const list = await server.sendOk("GET /core/staff/fetch/airtime", { token: staff.token });
    expect(list[0]).toEqual({
      id: 1,
      network: "MTN",
      enabled: true,
      discount_percent: 2,
      min_amount: 5_000,
      max_amount: 5_000_000,
      offers: [
        {
          provider: "msorg",
          label: server.deps.providers.labelOf("msorg"),
          configured: true,
          service_id: "1",
          variation_code: null,
          cost: null,
          commission_percent: 4,
          enabled: true,
        },
        {
          provider: "vtpass",
          label: server.deps.providers.labelOf("vtpass"),
          configured: true,
          service_id: "mtn",
          variation_code: null,
          cost: null,
          commission_percent: 3,
          enabled: true,
        },
      ],
    });
    const patch = await server.send("PATCH /core/staff/fetch/airtime", {
      token: staff.token,
      body: { id: 1, discount_percent: 1.5, max_amount: 2_000_000 },
    });
    expect(patch.status).toBe(200);
    expect(patch.data).toMatchObject({
      id: 1,
      discount_percent: 1.5,
      max_amount: 2_000_000,
      enabled: true,
    });
    expect(await lastAudit()).toMatchObject({
      actorId: staff.id,
      action: "catalogue.update",
      targetType: "airtime_control",
      targetId: "1",
      before: expect.objectContaining({ discount_percent: 2, max_amount: 5_000_000 }),
      after: expect.objectContaining({ discount_percent: 1.5, max_amount: 2_000_000 }),
    });
    // Customers see it at once.
    const customer = await server.signedInCustomer();
    const seen = await server.sendOk("GET /core/customer/fetch/airtime", { token: customer.token });
    expect(seen.find((c) => c.id === 1)?.discount_percent).toBe(1.5);
  });

  it.each([
    [{ id: 1, min_amount: 3_000_000 }, "max_amount", "The largest purchase must be at least the smallest."],
    [
      { id: 1, discount_percent: 9 },
      "discount_percent",
      // Judged against the smallest commission of the providers a purchase may go to (VTpass's 3%).
      "A 9% discount with our 3% commission sells MTN airtime 6% below its cost.",
    ],
    [{ id: 1, discount_percent: 101 }, "discount_percent", "Customer discount must be at most 100."],
    [{ id: 1, enabled: "yes" }, "enabled", "On sale must be true or false."],
    [{ id: 1 }, "_", "Change at least one field."],
    [{ discount_percent: 1 }, "id", "Say which one to change (id)."],
    [{ id: 1, network: "Glo" }, "network", "This field is not allowed."],
    [{ id: 1, min_amount: 50.5 }, "min_amount", "Smallest purchase must be a whole number."],
  ])(
    "refuses %j and changes nothing",
    refusal((body) => server.patch("core/staff/fetch/airtime/", body, staff.token)),
  );

  it("answers 404 for a network that does not exist", async () => {
    expect(
      (
        await server.send("PATCH /core/staff/fetch/airtime", {
          token: staff.token,
          body: { id: 9, enabled: false },
        })
      ).status,
    ).toBe(404);
  });
});

describe("data plans", () => {
  it("creates a plan customers can buy at once, audited", async () => {
    const created = await server.send("POST /core/staff/fetch/data/plans", {
      token: staff.token,
      body: {
        control_id: 2,
        code: "glo-3gb-2d",
        name: "3GB Weekend (2 days)",
        size: "3GB",
        validity: "2 days",
        category: "daily",
        price: 70_000,
        provider: "vtpass",
        variation_code: "glo-3gb-2d",
        cost: 66_000,
      },
    });
    expect(created.status).toBe(201);
    const plan = created.data;
    if (!plan) throw new Error("the plan was not created");
    expect(plan).toMatchObject({ enabled: true, has_sales: false, plan_type: "direct" });
    // Its first offer: VTpass's code for it, under GLO's data id at VTpass, at the cost given.
    expect(plan.offers).toMatchObject([
      {
        provider: "vtpass",
        service_id: "glo-data",
        variation_code: "glo-3gb-2d",
        cost: 66_000,
        enabled: true,
      },
    ]);
    expect(await lastAudit()).toMatchObject({
      action: "plan.create",
      targetType: "data_plan",
      targetId: String(plan.id),
      before: null,
      after: expect.objectContaining({
        offer: expect.objectContaining({ provider: "vtpass", cost: 66_000 }),
      }),
    });

    const customer = await server.fundedCustomer(100_000);
    const listed = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: customer.token,
      params: { id: 2 },
    });
    expect(listed.map((p) => p.id)).toContain(plan.id);
    const bought = await server.send("POST /core/customer/data-bundle", {
      token: customer.token,
      body: { plan_id: plan.id, phone: "08051234567", pin: customer.pin, request_id: crypto.randomUUID() },
    });
    expect(bought.data).toMatchObject({
      status: "successful",
      total: 70_000,
      product: "GLO 3GB Weekend (2 days)",
    });
  });

  it("edits a plan without switching it back on, and lists switched-off plans for staff", async () => {
    const [first] = await server.sendOk("GET /core/staff/fetch/data/plans", {
      token: staff.token,
      query: { control_id: 3 },
    });
    if (!first) throw new Error("9Mobile has no data plans");
    await editPlan(first.id, { enabled: false });
    const priced = await editPlan(first.id, { price: 12_500 });
    expect(priced.data).toMatchObject({ price: 12_500, enabled: false });
    const staffList = await server.sendOk("GET /core/staff/fetch/data/plans", {
      token: staff.token,
      query: { control_id: 3 },
    });
    expect(staffList.map((p) => p.id)).toContain(first.id);
    const customer = await server.signedInCustomer();
    const customerList = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: customer.token,
      params: { id: 3 },
    });
    expect(customerList.map((p) => p.id)).not.toContain(first.id);
  });

  it("deletes a plan never sold, and only switches off one that was", async () => {
    const plans = await server.sendOk("GET /core/staff/fetch/data/plans", {
      token: staff.token,
      query: { control_id: 4 },
    });
    const [unsold, sold] = plans;
    if (!unsold || !sold) throw new Error("Airtel has fewer than two data plans");
    const customer = await server.fundedCustomer(1_000_000);
    await server.send("POST /core/customer/data-bundle", {
      token: customer.token,
      body: { plan_id: sold.id, phone: "08021234567", pin: customer.pin, request_id: crypto.randomUUID() },
    });

    const gone = await server.send("DELETE /core/staff/fetch/data/plans/:id", {
      token: staff.token,
      params: { id: unsold.id },
    });
    expect(gone.body).toMatchObject({ msg: "Data plan deleted.", data: { deleted: true, disabled: false } });
    const kept = await server.send("DELETE /core/staff/fetch/data/plans/:id", {
      token: staff.token,
      params: { id: sold.id },
    });
    expect(kept.body).toMatchObject({
      msg: "This plan has sales, so it was switched off instead of deleted.",
      data: { deleted: false, disabled: true },
    });
    const after = await server.sendOk("GET /core/staff/fetch/data/plans", {
      token: staff.token,
      query: { control_id: 4 },
    });
    expect(after.find((p) => p.id === unsold.id)).toBeUndefined();
    expect(after.find((p) => p.id === sold.id)).toMatchObject({ enabled: false, has_sales: true });
    expect(await lastAudit()).toMatchObject({
      action: "plan.delete",
      after: expect.objectContaining({ enabled: false }),
    });
    // The receipt of what was sold still reads the same.
    const history = await server.sendOk("GET /core/customer/data-bundle", { token: customer.token });
    expect(history.results[0]?.status).toBe("successful");
  });

  it("switches a network's data off, which customers see as unavailable", async () => {
    const off = await server.send("PATCH /core/staff/fetch/data/networks", {
      token: staff.token,
      body: { id: 3, enabled: false },
    });
    expect(off.data).toEqual({
      id: 3,
      name: "9Mobile",
      enabled: false,
      data_ids: [
        { provider: "msorg", label: server.deps.providers.labelOf("msorg"), service_id: "2" },
        { provider: "vtpass", label: server.deps.providers.labelOf("vtpass"), service_id: "etisalat-data" },
      ],
    });
    const customer = await server.signedInCustomer();
    const networks = await server.sendOk("GET /core/customer/fetch/data", { token: customer.token });
    expect(networks.find((n) => n.id === 3)?.enabled).toBe(false);
    expect(await lastAudit()).toMatchObject({
      targetType: "data_network",
      after: { id: 3, name: "9Mobile", enabled: false },
    });
  });

  it.each([
    [
      {
        control_id: 1,
        name: "x",
        size: "1GB",
        validity: "1 day",
        category: "daily",
        price: 100,
        provider: "vtpass",
        variation_code: "big-1",
        cost: 90,
      },
      "name",
      "Name must be at least 2 characters.",
    ],
    [
      {
        control_id: 1,
        name: "Big",
        size: "lots",
        validity: "1 day",
        category: "daily",
        price: 100,
        provider: "vtpass",
        variation_code: "big-1",
        cost: 90,
      },
      "size",
      "Write the size like 500MB or 1.5GB.",
    ],
    [
      {
        control_id: 1,
        name: "Big",
        size: "1GB",
        validity: "forever",
        category: "daily",
        price: 100,
        provider: "vtpass",
        variation_code: "big-1",
        cost: 90,
      },
      "validity",
      "Write the validity like 1 day or 30 days.",
    ],
    [
      {
        control_id: 1,
        name: "Big",
        size: "1GB",
        validity: "1 day",
        category: "yearly",
        price: 100,
        provider: "vtpass",
        variation_code: "big-1",
        cost: 90,
      },
      "category",
      "Kind of plan must be one of: daily, weekly, monthly.",
    ],
    [
      {
        control_id: 1,
        name: "Big",
        size: "1GB",
        validity: "1 day",
        category: "daily",
        price: 50,
        provider: "vtpass",
        variation_code: "big-1",
        cost: 0,
      },
      "price",
      "The price must be at least ₦1.",
    ],
    [
      {
        control_id: 7,
        name: "Big",
        size: "1GB",
        validity: "1 day",
        category: "daily",
        price: 100,
        provider: "vtpass",
        variation_code: "big-1",
        cost: 90,
      },
      "control_id",
      "Choose a network.",
    ],
    [
      {
        name: "Big",
        size: "1GB",
        validity: "1 day",
        category: "daily",
        price: 100,
        provider: "vtpass",
        variation_code: "big-1",
        cost: 90,
      },
      "control_id",
      "Choose a network.",
    ],
  ])(
    "refuses to create %j",
    refusal((body) => server.post("core/staff/fetch/data/plans/", body, staff.token)),
  );

  it("refuses bad edits and unknown plans", async () => {
    expect((await editPlan("1", {})).body.fields).toEqual({
      _: ["Change at least one field."],
    });
    const unknownField = await server.patch(
      "core/staff/fetch/data/plans/1/",
      { has_sales: true },
      staff.token,
    );
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.fields?.has_sales).toEqual(["This field is not allowed."]);
    const badCode = await editPlan("1", { code: "mtn 1gb" });
    expect(badCode.body.fields?.code).toEqual([
      "Use letters, digits, dots, dashes or underscores, up to 60.",
    ]);
    const taken = await editPlan("1", { code: "mtn-1gb-1d" });
    expect(taken).toMatchObject({
      status: 400,
      body: {
        msg: "Another plan already uses that code.",
        fields: { code: ["Another plan already uses that code."] },
      },
    });
    expect((await editPlan("99999", { price: 100 })).status).toBe(404);
    expect((await editPlan("abc", { price: 100 })).status).toBe(404);
    expect(
      (await server.send("GET /core/staff/fetch/data/plans", { token: staff.token })).body.fields,
    ).toEqual({
      control_id: ["Control id must be a number."],
    });
  });
});

describe("TV and electricity", () => {
  it("changes a provider's fee and a bouquet's price, which the next purchase pays", async () => {
    await server.sendOk("PATCH /core/staff/fetch/tv/controls", {
      token: staff.token,
      body: { id: 2, service_fee: 15_000 },
    });
    const bouquets = await server.sendOk("GET /core/staff/fetch/tv/plans", {
      token: staff.token,
      query: { control_id: 2 },
    });
    const smallie = bouquets.find((b) => b.name === "GOtv Smallie");
    if (!smallie) throw new Error("GOtv has no Smallie bouquet");
    const edited = await server.send("PATCH /core/staff/fetch/tv/plans/:id", {
      token: staff.token,
      params: { id: smallie.id },
      body: { price: 200_000 },
    });
    expect(edited.data).toMatchObject({ price: 200_000, enabled: true });
    expect(await lastAudit()).toMatchObject({ action: "plan.update", targetType: "tv_plan" });
    const customer = await server.fundedCustomer(1_000_000);
    const bought = await server.send("POST /core/customer/tv", {
      token: customer.token,
      body: {
        action: "buy",
        provider_id: 2,
        plan_id: smallie.id,
        smartcard: "7023456789",
        phone: "08031234567",
        pin: customer.pin,
        request_id: crypto.randomUUID(),
      },
    });
    expect(bought.data).toMatchObject({ amount: 200_000, fee: 15_000, total: 215_000 });
  });

  it("switches a provider or a disco off for customers", async () => {
    await server.sendOk("PATCH /core/staff/fetch/tv/controls", {
      token: staff.token,
      body: { id: 4, enabled: false },
    });
    const disco = await server.send("PATCH /core/staff/fetch/electricity", {
      token: staff.token,
      body: { id: 9, enabled: false, min_amount: 50_000 },
    });
    expect(disco.body.data).toMatchObject({ id: 9, enabled: false, min_amount: 50_000 });
    const customer = await server.signedInCustomer();
    const providers = await server.sendOk("GET /core/customer/fetch/tv", { token: customer.token });
    expect(providers.find((p) => p.id === 4)?.enabled).toBe(false);
    const discos = await server.sendOk("GET /core/customer/fetch/electricity", { token: customer.token });
    expect(discos.find((d) => d.id === 9)?.enabled).toBe(false);
  });

  it.each([
    [
      "core/staff/fetch/tv/controls",
      { id: 1, service_fee: -1 },
      "service_fee",
      "Service fee must be at least 0.",
    ],
    [
      "core/staff/fetch/electricity/",
      { id: 1, max_amount: 1_000 },
      "max_amount",
      "The largest purchase must be at least the smallest.",
    ],
    ["core/staff/fetch/electricity/", { id: 1, fee: 1 }, "fee", "This field is not allowed."],
    ["core/staff/fetch/tv/plans/1/", { price: "cheap" }, "price", "Price must be a number."],
  ])("refuses PATCH %s %j", async (path, body, field, message) => {
    const answer = await server.patch(path, body, staff.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
  });

  it("lists audit rows naming who changed what", async () => {
    const rows = await server.db.select().from(auditLog).where(eq(auditLog.actorId, staff.id));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(["catalogue.update", "plan.create", "plan.update", "plan.delete"]),
    );
  });
});
