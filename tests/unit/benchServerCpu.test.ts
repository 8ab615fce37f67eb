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
      const meter = postgresServerCpu(process.pid);
      const cpu = meter.read;
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
      meter.stop();
    } finally {
      child.kill();
    }
  });

  it("keeps what a process spent after it has ended, so a total never goes down", async () => {
    const meter = postgresServerCpu(process.pid);
    // A child that spends a second of CPU, however long that takes on a busy machine, then ends: its
    // time leaves /proc with it.
    const child = spawn(process.execPath, ["-e", "while (process.cpuUsage().user < 1_000_000);"]);
    await new Promise((resolve) => child.once("exit", resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Read every quarter second while it ran: all but its last quarter second at most was seen.
    expect(meter.read()).toBeGreaterThanOrEqual(700);
    meter.stop();
  });
});
