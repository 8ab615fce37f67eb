import { describe, expect, it } from "vitest";
import { formatDate, yearOf } from "../../src/format/formatDate";

describe("formatDate", () => {
  it("shows an ISO timestamp as 'Mon D, YYYY' without a leading zero on the day", () => {
    expect(formatDate("2026-01-05T10:00:00Z")).toBe("Jan 5, 2026");
    expect(formatDate("2025-12-25T12:00:00.000Z")).toBe("Dec 25, 2025");
  });

  it("shows a Date object", () => {
    expect(formatDate(new Date("2026-03-09T08:15:00Z"))).toBe("Mar 9, 2026");
  });

  it("shows an epoch number of milliseconds", () => {
    expect(formatDate(Date.UTC(2026, 6, 4, 12))).toBe("Jul 4, 2026");
    expect(formatDate(0)).toBe("Jan 1, 1970");
  });

  it("shows moments in Lagos time (UTC+1)", () => {
    expect(formatDate("2026-01-31T23:30:00Z")).toBe("Feb 1, 2026");
    expect(formatDate("2026-01-31T22:59:59Z")).toBe("Jan 31, 2026");
    expect(formatDate("2026-01-31T23:00:00Z")).toBe("Feb 1, 2026");
    expect(formatDate(new Date("2026-01-31T23:30:00Z"))).toBe("Feb 1, 2026");
  });

  it("reads a timestamp with an offset as the moment it names", () => {
    expect(formatDate("2026-02-01T00:30:00+01:00")).toBe("Feb 1, 2026");
    expect(formatDate("2026-01-31T20:00:00-05:00")).toBe("Feb 1, 2026");
  });

  it("shows a bare calendar date as written, whatever the time zone", () => {
    expect(formatDate("1994-07-21")).toBe("Jul 21, 1994");
    expect(formatDate("2026-01-01")).toBe("Jan 1, 2026");
    expect(formatDate("2025-12-31")).toBe("Dec 31, 2025");
    expect(formatDate("2024-02-29")).toBe("Feb 29, 2024");
  });

  it.each([["not a date"], [""], ["   "], [Number.NaN], [new Date("x")], ["2026-13-45"]])(
    "throws a RangeError for the invalid date %o",
    (value) => {
      expect(() => formatDate(value)).toThrow(RangeError);
    },
  );

  it.each([["2026-02-30"], ["1994-02-29"], ["2026-04-31"]])(
    "throws a RangeError for the calendar date %s, a day its month does not have",
    (value) => {
      expect(() => formatDate(value)).toThrow(RangeError);
    },
  );
});

describe("yearOf", () => {
  it("gives the year of a timestamp, a bare date and a Date", () => {
    expect(yearOf("2024-06-15T09:00:00Z")).toBe(2024);
    expect(yearOf("1994-07-21")).toBe(1994);
    expect(yearOf(new Date("2021-03-03T12:00:00Z"))).toBe(2021);
  });

  it("gives the year in Lagos for a moment near midnight on New Year's Eve", () => {
    expect(yearOf("2025-12-31T23:30:00Z")).toBe(2026);
    expect(yearOf("2025-12-31T22:30:00Z")).toBe(2025);
  });

  it("gives the calendar year of a bare 1 January date", () => {
    expect(yearOf("2026-01-01")).toBe(2026);
  });

  it("throws a RangeError for an invalid date", () => {
    expect(() => yearOf("not a date")).toThrow(RangeError);
    expect(() => yearOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});
