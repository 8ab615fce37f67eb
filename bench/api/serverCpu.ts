import { readdirSync, readFileSync } from "node:fs";

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ, the same on every architecture). */
const ticksPerSecond = 100;

/**
 * A process's (or thread's) parent and the CPU time it has used (user and system), from a stat file
 * of /proc (proc_pid_stat(5)); null when it cannot be read (gone meanwhile, or not Linux).
 */
function statOf(path: string): { parent: number; cpuMs: number } | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return null;
  }
  // The command name, in parentheses, may hold spaces: fields are counted after its closing one.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15 of stat(5)
  return { parent: Number(fields[1]), cpuMs: (ticks * 1000) / ticksPerSecond };
}

const processStat = (pid: number) => statOf(`/proc/${pid}/stat`);

/**
 * The CPU time the calling thread has used, in ms (10 ms steps), or null off Linux. Called on the
 * main thread, it tells the time that thread ran from the time it was busy but waiting for a core.
 */
export const thisThreadCpuMs = (): number | null => statOf("/proc/thread-self/stat")?.cpuMs ?? null;

/** How often the server's processes are read, so that one living a few seconds is seen (autovacuum's). */
const sampleEveryMs = 250;

/**
 * The CPU time a Postgres server on this machine has used since this was called, in ms: its
 * postmaster and every process it starts (a backend per connection, the WAL writer, autovacuum's
 * workers…), read from /proc. A process's time is gone from /proc once it ends, so the processes are
 * read every quarter second and each one's growth added up: what one spent in its last quarter
 * second before ending is missed, never counted twice, and a total never goes down.
 */
export function postgresServerCpu(postmasterPid: number): { read(): number; stop(): void } {
  let seen = new Map<number, number>();
  let total = 0;
  const sample = () => {
    const now = new Map<number, number>();
    const postmaster = processStat(postmasterPid);
    if (postmaster) now.set(postmasterPid, postmaster.cpuMs);
    for (const entry of readdirSync("/proc")) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const stat = processStat(pid);
      if (stat?.parent === postmasterPid) now.set(pid, stat.cpuMs);
    }
    for (const [pid, cpuMs] of now) total += Math.max(0, cpuMs - (seen.get(pid) ?? 0));
    seen = now;
  };
  sample();
  const base = total;
  const timer = setInterval(sample, sampleEveryMs);
  timer.unref();
  return {
    read() {
      sample();
      return total - base;
    },
    stop: () => clearInterval(timer),
  };
}

/** The postmaster of the backend `backendPid` (the server's main process), or null off Linux. */
export function postmasterOf(backendPid: number): number | null {
  return processStat(backendPid)?.parent ?? null;
}
