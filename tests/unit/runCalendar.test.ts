import { describe, expect, it } from "vitest";
import { lagosTimestamp, nextRunAfter, runsAfter } from "../../server/lagosCalendar";

const runs = (...args: Parameters<typeof runsAfter>) => runsAfter(...args).map(lagosTimestamp);

describe("the calendar scheduled purchases run on", () => {
  it("runs day 31 on a short month's last day, and the months after on their own 31st", () => {
    expect(runs({ every: "month", day: 31, at: "09:30" }, new Date("2027-01-15T00:00:00Z"), 5)).toEqual([
      "2027-01-31T09:30:00.000+01:00",
      "2027-02-28T09:30:00.000+01:00",
      "2027-03-31T09:30:00.000+01:00",
      "2027-04-30T09:30:00.000+01:00",
      "2027-05-31T09:30:00.000+01:00",
    ]);
  });

  it("knows a leap year's 29 February, and the year's turn", () => {
    expect(runs({ every: "month", day: 30, at: "12:00" }, new Date("2027-12-31T00:00:00Z"), 3)).toEqual([
      "2028-01-30T12:00:00.000+01:00",
      "2028-02-29T12:00:00.000+01:00",
      "2028-03-30T12:00:00.000+01:00",
    ]);
  });

  it("counts the day in Lagos, not UTC: 23:30 Lagos on a Monday is still Monday's run", () => {
    // 2026-12-07 is a Monday; 22:30 UTC is 23:30 in Lagos.
    const monday = { every: "week", day: 1, at: "23:30" } as const;
    expect(lagosTimestamp(nextRunAfter(monday, new Date("2026-12-07T22:00:00Z")))).toBe(
      "2026-12-07T23:30:00.000+01:00",
    );
    expect(runs(monday, new Date("2026-12-07T22:30:00Z"), 2)).toEqual([
      "2026-12-14T23:30:00.000+01:00",
      "2026-12-21T23:30:00.000+01:00",
    ]);
    expect(runs({ every: "day", at: "00:15" }, new Date("2026-12-31T23:00:00Z"), 2)).toEqual([
      "2027-01-01T00:15:00.000+01:00",
      "2027-01-02T00:15:00.000+01:00",
    ]);
  });

  it("answers the run strictly after the instant given, so a run just placed is never its own next", () => {
    const at = new Date("2026-03-03T06:00:00Z"); // 07:00 in Lagos
    expect(nextRunAfter({ every: "day", at: "07:00" }, at).toISOString()).toBe("2026-03-04T06:00:00.000Z");
  });
});
