import { describe, expect, it } from "vitest";
import { waitUntilWords, waitWords } from "../../schemas/waits";

const second = 1_000;
const minute = 60 * second;
const hour = 60 * minute;

describe("waitWords", () => {
  it("says a wait under a minute in whole seconds, rounded up, at least one", () => {
    expect(waitWords(0)).toBe("1 second");
    expect(waitWords(-5 * second)).toBe("1 second");
    expect(waitWords(1)).toBe("1 second");
    expect(waitWords(1 * second)).toBe("1 second");
    expect(waitWords(1.2 * second)).toBe("2 seconds");
    expect(waitWords(30 * second)).toBe("30 seconds");
    expect(waitWords(46.1 * second)).toBe("47 seconds");
    expect(waitWords(59 * second)).toBe("59 seconds");
  });

  it("says a 60 s wait as one minute, also when it is quoted a little after it was set or before", () => {
    expect(waitWords(59.5 * second)).toBe("1 minute");
    expect(waitWords(59 * second + 1)).toBe("1 minute");
    expect(waitWords(minute)).toBe("1 minute");
    expect(waitWords(minute + 1)).toBe("1 minute");
    expect(waitWords(minute + 4 * second)).toBe("1 minute");
    expect(waitWords(minute + 5 * second)).toBe("1 minute");
  });

  it("rounds minutes up only past a few seconds over: 15 minutes and clock drift is never 16", () => {
    expect(waitWords(15 * minute)).toBe("15 minutes");
    expect(waitWords(15 * minute + 1)).toBe("15 minutes");
    expect(waitWords(15 * minute + 3 * second)).toBe("15 minutes");
    expect(waitWords(15 * minute - 3 * second)).toBe("15 minutes");
    expect(waitWords(15 * minute + 6 * second)).toBe("16 minutes");
    expect(waitWords(90 * second)).toBe("2 minutes");
    expect(waitWords(2 * minute)).toBe("2 minutes");
    expect(waitWords(59 * minute)).toBe("59 minutes");
  });

  it("says long waits in hours and minutes", () => {
    expect(waitWords(hour)).toBe("1 hour");
    expect(waitWords(hour + 2 * second)).toBe("1 hour");
    expect(waitWords(hour + minute)).toBe("1 hour and 1 minute");
    expect(waitWords(2 * hour + 5 * minute)).toBe("2 hours and 5 minutes");
    expect(waitWords(24 * hour)).toBe("24 hours");
    expect(waitWords(24 * hour - 30 * second)).toBe("24 hours");
  });

  it("says the wait between two moments", () => {
    const now = new Date("2026-12-06T10:00:00.000Z");
    expect(waitUntilWords(new Date("2026-12-06T10:15:00.020Z"), now)).toBe("15 minutes");
    expect(waitUntilWords(new Date("2026-12-06T10:00:47.000Z"), now)).toBe("47 seconds");
    expect(waitUntilWords(new Date("2026-12-06T09:59:00.000Z"), now)).toBe("1 second");
  });
});
