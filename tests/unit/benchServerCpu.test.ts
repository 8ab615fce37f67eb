import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { postgresServerCpu, postmasterOf, thisThreadCpuMs } from "../../bench/api/serverCpu";

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
  }, 60_000); // a second of CPU can take many on a machine shared with other work
});

describe("the calling thread's own CPU time", () => {
  const cpu = () => {
    const ms = thisThreadCpuMs();
    if (ms === null) throw new Error("no /proc/thread-self/stat: bench:api reads it on Linux");
    return ms;
  };

  it("grows by the time the thread computes, not while it waits on another that does", async () => {
    // Waiting while a thread of this same process computes 400 ms of CPU (however long a busy machine
    // makes that take): the process's time grows, this thread's hardly (ticks are 10 ms; a few may
    // come from starting the worker and the test runner).
    const beforeWait = cpu();
    const processBefore = process.cpuUsage();
    const worker = new Worker(
      "const s = process.cpuUsage(); const used = () => { const u = process.cpuUsage(s); return u.user + u.system; }; while (used() < 400_000);",
      { eval: true },
    );
    await new Promise((resolve) => worker.once("exit", resolve));
    expect(cpu() - beforeWait).toBeLessThan(100);
    const processGrew = process.cpuUsage(processBefore);
    expect((processGrew.user + processGrew.system) / 1000).toBeGreaterThan(200);

    // Computing: 300 ms of the process's CPU (user and system: asking is a system call), however long
    // a busy machine makes that take, nearly all of it this thread's; no more than that, give or take
    // the ticks.
    const beforeWork = cpu();
    const started = process.cpuUsage();
    const spent = () => {
      const used = process.cpuUsage(started);
      return used.user + used.system;
    };
    while (spent() < 300_000);
    const grew = cpu() - beforeWork;
    expect(grew).toBeGreaterThanOrEqual(200);
    expect(grew).toBeLessThanOrEqual(330);
  });
});
