import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { postgresServerCpu, postmasterOf } from "../../bench/api/serverCpu";

// bench:api's reading of a server's CPU from /proc, tried on this test's own process and a child it
// keeps busy, as the postmaster and a backend would be.
describe("a server's CPU time, read from /proc", () => {
  it("names a process's parent", () => {
    expect(postmasterOf(process.pid)).toBe(process.ppid);
    expect(postmasterOf(2 ** 22 + 12_345)).toBeNull();
  });

  it("adds up the time of the parent and the children it started", async () => {
    // A child that keeps a core busy until it is stopped.
    const child = spawn(process.execPath, ["-e", "for (;;);"]);
    try {
      const cpu = postgresServerCpu(process.pid);
      const before = cpu();
      // However busy the machine, the child's time shows within a few seconds, and only grows.
      let seen = before;
      for (let waited = 0; seen - before < 100 && waited < 5_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const now = cpu();
        expect(now).toBeGreaterThanOrEqual(seen);
        seen = now;
      }
      expect(seen - before).toBeGreaterThanOrEqual(100);
    } finally {
      child.kill();
    }
  });
});
