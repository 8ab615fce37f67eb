import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { postgresServerCpu, postmasterOf, thisThreadCpuMs } from "../../bench/api/serverCpu";

// bench:api's reading of a server's CPU from /proc, tried on this test's own process and children it
// starts, as the postmaster and its backends would be. What is spent is counted in CPU time, and each
// reading is taken when the work is done, never after a wait: a busy machine makes work slower, not
// these readings different.

/** Keeps this thread busy until the process has used `ms` more of CPU. */
function spendCpu(ms: number): void {
  const started = process.cpuUsage();
  const spent = () => {
    const used = process.cpuUsage(started);
    return used.user + used.system;
  };
  while (spent() < ms * 1000);
}

/**
 * A child that has spent `ms` of CPU (its whole life, start-up included) and waits, alive, until it is
 * let go: so it is read while it runs, however long the machine took to give it that time.
 */
async function childThatSpent(ms: number): Promise<ChildProcess> {
  const script = `
    const used = () => { const u = process.cpuUsage(); return u.user + u.system; };
    while (used() < ${ms * 1000});
    process.send("spent");`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [message] = await Promise.race([
    once(child, "message"),
    once(child, "exit").then(([code]) => {
      throw new Error(`the child ended (${code}) before it had spent ${ms} ms`);
    }),
  ]);
  expect(message).toBe("spent");
  return child;
}

/** Lets the child go (it ends once its channel to this process closes) and waits until it has. */
async function end(child: ChildProcess): Promise<void> {
  const exited = once(child, "exit");
  child.disconnect();
  await exited;
}

describe("a server's CPU time, read from /proc", () => {
  it("names a process's parent", () => {
    expect(postmasterOf(process.pid)).toBe(process.ppid);
    expect(postmasterOf(2 ** 22 + 12_345)).toBeNull();
  });

  it("adds up the time of the parent and the children it started", async () => {
    const meter = postgresServerCpu(process.pid);
    const before = meter.read();
    spendCpu(200);
    const parentSpent = meter.read();
    const child = await childThatSpent(300);
    const childSpent = meter.read();
    await end(child);
    meter.stop();
    // Ticks are 10 ms: each of user and system time may read up to one short.
    expect(parentSpent - before).toBeGreaterThanOrEqual(180);
    expect(childSpent - parentSpent).toBeGreaterThanOrEqual(280);
  }, 60_000); // CPU time, however long a machine shared with other work takes to give it

  it("keeps what a process spent after it has ended, so a total never goes down", async () => {
    const meter = postgresServerCpu(process.pid);
    const child = await childThatSpent(300);
    // Read on demand just before the child ends: the meter's own quarter-second readings may miss a
    // process's last stretch, the more so on a busy machine, which the bench accepts and this does not test.
    const whileAlive = meter.read();
    await end(child); // its time leaves /proc with it
    const afterEnd = meter.read();
    meter.stop();
    expect(whileAlive).toBeGreaterThanOrEqual(280);
    expect(afterEnd).toBeGreaterThanOrEqual(whileAlive);
  }, 60_000);
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
    spendCpu(300);
    const grew = cpu() - beforeWork;
    expect(grew).toBeGreaterThanOrEqual(200);
    expect(grew).toBeLessThanOrEqual(330);
  }, 60_000); // starting a worker alone took over 5 s on a loaded machine
});
