import { describe, expect, it } from "vitest";
import { bodyOf, emptyDraft } from "../../src/pages/customer/schedules/scheduleDraft";
import { whenItRuns } from "../../src/pages/customer/schedules/scheduleWords";

describe("the Schedules page's form", () => {
  it("sends airtime in kobo with the calendar, a day only weekly or monthly", () => {
    const draft = { ...emptyDraft, network: "1", phone: "08031234567", amount: "1,500", pin: "1234" };
    expect(bodyOf({ ...draft, every: "month", day: "31", at: "18:00" })).toEqual({
      body: {
        kind: "airtime",
        network_id: 1,
        phone: "08031234567",
        amount: 150_000,
        every: "month",
        day: 31,
        at: "18:00",
        pin: "1234",
      },
    });
    expect(bodyOf({ ...draft, every: "day" })).toEqual({
      body: expect.not.objectContaining({ day: expect.anything() }),
    });
    expect(bodyOf({ ...draft, amount: "lots" })).toEqual({
      field: "amount",
      msg: "Enter an amount in naira, like 500.",
    });
  });

  it("sends a data plan by id, and a TV renewal with no calendar", () => {
    expect(
      bodyOf({ ...emptyDraft, kind: "data", plan: "7", phone: "08031234567", every: "week", day: "5" }),
    ).toEqual({
      body: { kind: "data", plan_id: 7, phone: "08031234567", every: "week", day: 5, at: "08:00", pin: "" },
    });
    expect(
      bodyOf({ ...emptyDraft, kind: "tv_renewal", provider: "1", smartcard: "7023456789", daysBefore: "7" }),
    ).toEqual({
      body: { kind: "tv_renewal", provider_id: 1, smartcard: "7023456789", days_before: 7, pin: "" },
    });
  });

  it("says when a schedule runs as people say it", () => {
    const none = { day: null, days_before: null };
    expect(whenItRuns({ ...none, every: "day", at: "07:00" })).toBe("Daily at 07:00");
    expect(whenItRuns({ ...none, every: "week", at: "07:00", day: 7 })).toBe("Every Sunday at 07:00");
    expect(whenItRuns({ ...none, every: "month", at: "07:00", day: 22 })).toBe(
      "Monthly on the 22nd at 07:00",
    );
    expect(whenItRuns({ ...none, every: "month", at: "07:00", day: 31 })).toBe(
      "Monthly on the 31st at 07:00 (or the month's last day)",
    );
    expect(whenItRuns({ every: null, at: "09:00", day: null, days_before: 1 })).toBe(
      "1 day before the due date, at 09:00",
    );
  });
});
