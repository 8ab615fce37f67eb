import { readdirSync, readFileSync } from "node:fs";

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ, the same on every architecture). */
const ticksPerSecond = 100;

/** A process's parent and the CPU time it has used (user and system), from /proc/<pid>/stat. */
function processStat(pid: number): { parent: number; cpuMs: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null; // gone meanwhile
  }
  // The command name, in parentheses, may hold spaces: fields are counted after its closing one.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15 of stat(5)
  return { parent: Number(fields[1]), cpuMs: (ticks * 1000) / ticksPerSecond };
}

/**
 * The CPU time a Postgres server on this machine has used so far, in ms: its postmaster and every
 * process it started (a backend per connection, the WAL writer, the checkpointer…), read from /proc.
 * A process that ended between two readings takes its time with it; the pool's connections stay open
 * through a run, so nothing the run spent is lost that way.
 */
export function postgresServerCpu(postmasterPid: number): () => number {
  return () => {
    let total = processStat(postmasterPid)?.cpuMs ?? 0;
    for (const entry of readdirSync("/proc")) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const stat = processStat(pid);
      if (stat?.parent === postmasterPid) total += stat.cpuMs;
    }
    return total;
  };
}

/** The postmaster of the backend `backendPid` (the server's main process), or null off Linux. */
export function postmasterOf(backendPid: number): number | null {
  return processStat(backendPid)?.parent ?? null;
}
