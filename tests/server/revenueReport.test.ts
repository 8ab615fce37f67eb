import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceTotals } from "../../schemas/staff";
import { lagosDay } from "../../server/lagosCalendar";
import { serverForFile } from "./support/serverForFile";

// A refunded purchase in the revenue report (docs/decisions.md, "Revenue"): the provider delivered it,
// so it is counted, in the volume and in the cost like any delivered purchase, and its refund is shown
// apart; revenue is what is left. Every row, total and day agree.
let admin: { token: string };
let plan: { price: number; cost: number };
const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  const c = await server.fundedCustomer(2_000_000);
  const airtime = (phone: string) => server.buyAirtime(c, phone, 100_000, { allow_duplicate: true });
  expect((await airtime("08031234567")).data?.status).toBe("successful"); // ₦980 paid, cost ₦970
  expect((await airtime("08030000000")).data?.status).toBe("failed");
  expect((await airtime("08031111111")).data?.status).toBe("pending");
  const [first] = await server.sendOk("GET /core/customer/fetch/data/:id", {
    token: c.token,
    params: { id: 1 },
  });
  if (!first) throw new Error("MTN has no data plans");
  const bought = await server.sendOk("POST /core/customer/data-bundle", {
    token: c.token,
    body: { plan_id: first.id, phone: "08031234567", pin: c.pin, request_id: crypto.randomUUID() },
  });
  const detail = await server.sendOk("GET /core/staff/transaction/:id", {
    token: admin.token,
    params: { id: bought.id },
  });
  plan = { price: bought.total, cost: detail.cost };
  await server.sendOk("POST /core/staff/transaction/:id/refund", {
    token: admin.token,
    params: { id: bought.id },
    body: { reason: "Customer says the data never came" },
  });
  // A level's fee is revenue too, a row of its own with no cost.
  await server.sendOk("POST /core/customer/level-upgrade", {
    token: c.token,
    body: { level: "agent", pin: c.pin, request_id: crypto.randomUUID() },
  });
});

const figures = ({ count, volume, refunds, cost, revenue }: ServiceTotals) => ({
  count,
  volume,
  refunds,
  cost,
  revenue,
});
const sum = (rows: ServiceTotals[]) =>
  rows.reduce(
    (all, row) => ({
      count: all.count + row.count,
      volume: all.volume + row.volume,
      refunds: all.refunds + row.refunds,
      cost: all.cost + row.cost,
      revenue: all.revenue + row.revenue,
    }),
    { count: 0, volume: 0, refunds: 0, cost: 0, revenue: 0 },
  );

describe("the revenue report", () => {
  it("counts a refunded purchase in its row's count, volume and cost, with its refund apart, and a level's fee as revenue", async () => {
    const report = await server.sendOk("GET /sys.admin/revenue", { token: admin.token });
    const row = (kind: string) => figures(report.by_service.find((s) => s.kind === kind) as ServiceTotals);
    expect(row("airtime")).toEqual({ count: 1, volume: 98_000, refunds: 0, cost: 97_000, revenue: 1_000 });
    expect(row("data")).toEqual({
      count: 1,
      volume: plan.price,
      refunds: plan.price,
      cost: plan.cost,
      revenue: -plan.cost,
    });
    expect(row("level_upgrade")).toEqual({
      count: 1,
      volume: 100_000,
      refunds: 0,
      cost: 0,
      revenue: 100_000,
    });
  });

  it("adds up: every row is volume less refunds less cost, and the totals are the rows' sums", async () => {
    const report = await server.sendOk("GET /sys.admin/revenue", { token: admin.token });
    for (const row of [report, ...report.days, ...report.by_service])
      expect(row.revenue).toBe(row.volume - row.refunds - row.cost);
    expect(figures(report)).toEqual(sum(report.by_service));
    expect(figures(report)).toEqual(sum(report.days));
    expect(
      figures(report.days.find((d) => d.date === lagosDay(server.clock.now())) as ServiceTotals),
    ).toEqual(figures(report));
    const stats = await server.sendOk("GET /core/staff/statistics", { token: admin.token });
    expect(stats.today).toEqual(figures(report));
  });
});
