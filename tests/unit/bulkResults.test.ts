import { describe, expect, it } from "vitest";
import type { BulkBatchDetail } from "../../schemas/bulk";
import { bulkResultsCsv, bulkResultsCsvName } from "../../src/pages/customer/bulk/bulkResultsCsv";
import { whatItBuys } from "../../src/pages/customer/bulk/whatItBuys";

const row = (over: Partial<BulkBatchDetail["rows"][number]>): BulkBatchDetail["rows"][number] => ({
  row: 1,
  phone: "08011111111",
  description: "MTN airtime for 08011111111",
  amount: 10_000,
  status: "successful",
  transaction_id: "0b6f3c9e-6f4e-4a57-9a43-5f1c1c1c1c1c",
  reference: "OJA261207AAAA",
  total: 9_800,
  msg: null,
  ...over,
});

describe("a batch's results as CSV", () => {
  it("writes each row's phone, what, price, status, reference and message, quoting what needs it", () => {
    const rows = [
      row({}),
      row({
        row: 2,
        phone: "08044440000",
        description: "MTN airtime for 08044440000",
        status: "failed",
        reference: "OJA261207BBBB",
        msg: 'The provider said "no", this time.',
      }),
      row({
        row: 3,
        phone: "08055555551",
        status: "queued",
        reference: null,
        total: null,
        transaction_id: null,
      }),
      row({ row: 4, phone: "08031111111", description: "MTN 1GB 30 days for 08031111111", amount: null }),
    ];
    expect(bulkResultsCsv({ rows })).toBe(
      "phone,what,price_naira,status,reference,message\r\n" +
        '08011111111,"MTN airtime, ₦100.00",98.00,successful,OJA261207AAAA,\r\n' +
        '08044440000,"MTN airtime, ₦100.00",98.00,failed,OJA261207BBBB,"The provider said ""no"", this time."\r\n' +
        '08055555551,"MTN airtime for 08011111111, ₦100.00",,queued,,\r\n' +
        "08031111111,MTN 1GB 30 days,98.00,successful,OJA261207AAAA,\r\n",
    );
    expect(bulkResultsCsvName({ created_at: "2026-12-07T02:00:00.000Z" })).toBe("bulk-2026-12-07.csv");
  });

  it("shows what a row buys without the number its own column holds", () => {
    expect(whatItBuys("MTN airtime for 08011111111", "08011111111", "₦100.00")).toBe("MTN airtime, ₦100.00");
    expect(whatItBuys("GLO 1GB 30 days for 08051111111", "08051111111")).toBe("GLO 1GB 30 days");
    expect(whatItBuys("Something else", "08011111111")).toBe("Something else");
  });
});
