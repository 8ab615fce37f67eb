import type { Clock } from "../../../server/clock";

/** A clock that only moves when the test says so. */
export class TestClock implements Clock {
  constructor(private current = new Date("2026-03-02T09:00:00.000Z")) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
