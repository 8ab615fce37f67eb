import { describe, expect, it } from "vitest";
import { type BulkCatalogue, type BulkDefaults, readBulkRows } from "../../src/pages/customer/bulk/bulkRows";
import { csvRecords } from "../../src/pages/customer/bulk/csvRecords";

const catalogue: BulkCatalogue = {
  networks: [
    { id: 1, name: "MTN" },
    { id: 2, name: "GLO" },
    { id: 3, name: "9Mobile" },
    { id: 4, name: "Airtel" },
  ],
  plans: [
    { id: 11, name: "1GB 30 days", network_id: 1 },
    { id: 12, name: "500MB", network_id: 1 },
    { id: 21, name: "500MB", network_id: 2 },
  ],
};
const none: BulkDefaults = { network_id: null, amount: null, plan_id: null };

describe("reading CSV", () => {
  it("reads fields, trimming unquoted ones, with CRLF, LF or CR line ends", () => {
    expect(csvRecords("a, b ,c\r\nd,e\nf\rg")).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["d", "e"] },
      { line: 3, fields: ["f"] },
      { line: 4, fields: ["g"] },
    ]);
  });

  it("keeps commas, line ends and doubled quotes inside quotes, and counts the lines they span", () => {
    expect(csvRecords('"0803, x","say ""hi""", " kept "\n"two\r\nlines",z\nlast')).toEqual([
      { line: 1, fields: ["0803, x", 'say "hi"', " kept "] },
      { line: 2, fields: ["two\r\nlines", "z"] },
      { line: 4, fields: ["last"] },
    ]);
  });

  it("skips blank lines and a byte-order mark, and keeps empty fields between commas", () => {
    expect(csvRecords("\uFEFFa,,c\r\n\r\n  \n,\nb\n")).toEqual([
      { line: 1, fields: ["a", "", "c"] },
      { line: 5, fields: ["b"] },
    ]);
  });

  it("reads an unclosed quote to the end rather than losing the line", () => {
    expect(csvRecords('a,"b,c')).toEqual([{ line: 1, fields: ["a", "b,c"] }]);
    expect(csvRecords("")).toEqual([]);
  });
});

describe("reading a bulk list", () => {
  it("turns airtime lines into rows, names into ids and naira into kobo", () => {
    const text =
      '08031111111, MTN, 500\n0805 222 2222,glo,"1,000"\n08093333333,9mobile,₦50.50\n08124444444,etisalat,100';
    expect(readBulkRows("airtime", text, none, catalogue).lines).toEqual([
      { line: 1, phone: "08031111111", row: { phone: "08031111111", network_id: 1, amount: 50_000 } },
      { line: 2, phone: "08052222222", row: { phone: "08052222222", network_id: 2, amount: 100_000 } },
      { line: 3, phone: "08093333333", row: { phone: "08093333333", network_id: 3, amount: 5_050 } },
      { line: 4, phone: "08124444444", row: { phone: "08124444444", network_id: 3, amount: 10_000 } },
    ]);
  });

  it("gives a number alone the network and amount chosen above, and says so when none is", () => {
    const defaults = { network_id: 4, amount: 20_000, plan_id: null };
    expect(readBulkRows("airtime", "08031111111\n08032222222, 300", defaults, catalogue).lines).toEqual([
      { line: 1, phone: "08031111111", row: { phone: "08031111111", network_id: 4, amount: 20_000 } },
      { line: 2, phone: "08032222222", row: { phone: "08032222222", network_id: 4, amount: 30_000 } },
    ]);
    expect(readBulkRows("airtime", "08031111111", none, catalogue).lines).toEqual([
      { line: 1, phone: "08031111111", msg: "Give this number's network, or choose one above." },
    ]);
  });

  it("says which value of a line it cannot read", () => {
    const lines = readBulkRows(
      "airtime",
      "08031111111, Vodafone, 100\n08031111112, MTN, lots\n1,2,3,4",
      none,
      catalogue,
    ).lines;
    expect(lines.map((line) => line.msg)).toEqual([
      'We do not know the network "Vodafone".',
      '"lots" is not an amount in naira.',
      "This line has more values than it can use.",
    ]);
  });

  it("finds a data plan by id or by name, within the network a line gives", () => {
    const text =
      "08031111111, 11\n08031111112, 1gb 30 days\n08051111111, GLO, 500MB\n08031111113, 500MB\n08031111114, 99";
    expect(readBulkRows("data", text, none, catalogue).lines).toEqual([
      { line: 1, phone: "08031111111", row: { phone: "08031111111", plan_id: 11 } },
      { line: 2, phone: "08031111112", row: { phone: "08031111112", plan_id: 11 } },
      { line: 3, phone: "08051111111", row: { phone: "08051111111", plan_id: 21 } },
      {
        line: 4,
        phone: "08031111113",
        msg: 'More than one network sells a plan named "500MB": give the network before it, or the plan\'s id.',
      },
      { line: 5, phone: "08031111114", msg: "There is no data plan 99 on sale." },
    ]);
    expect(readBulkRows("data", "08031111111", { ...none, plan_id: 12 }, catalogue).lines[0]?.row).toEqual({
      phone: "08031111111",
      plan_id: 12,
    });
  });

  it("follows a header row's columns, in any order, ignoring columns it does not know", () => {
    const text = "\uFEFFAmount (naira),Name,Phone number,Network\r\n200,Ada,08031111111,Airtel\r\n";
    expect(readBulkRows("airtime", text, none, catalogue).lines).toEqual([
      { line: 2, phone: "08031111111", row: { phone: "08031111111", network_id: 4, amount: 20_000 } },
    ]);
  });

  it("refuses more than 500 numbers before asking the server", () => {
    const text = Array.from({ length: 501 }, (_, i) => `0803${String(i).padStart(7, "0")}`).join("\n");
    expect(
      readBulkRows("airtime", text, { network_id: 1, amount: 10_000, plan_id: null }, catalogue),
    ).toEqual({
      lines: [],
      tooMany: "At most 500 numbers in one batch: this list has 501.",
    });
    expect(
      readBulkRows("airtime", `phone\n${text.split("\n").slice(1).join("\n")}`, none, catalogue).lines,
    ).toHaveLength(500);
  });
});
