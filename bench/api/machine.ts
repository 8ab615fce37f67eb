import { execFileSync } from "node:child_process";
import { cpus, loadavg, release, totalmem, type } from "node:os";

/** The machine and code the figures were measured on. */
export function describeMachine() {
  const processors = cpus();
  return {
    cpuModel: processors[0]?.model.trim() ?? "unknown",
    cpuCount: processors.length,
    totalMemoryBytes: totalmem(),
    os: `${type()} ${release()}`,
    node: process.version,
    /** 1, 5 and 15-minute load averages when the bench started: a busy machine shows here. */
    loadAverageAtStart: loadavg(),
  };
}

export function describeCommit() {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return null;
    }
  };
  const status = git("status", "--porcelain", "--untracked-files=no");
  return { commit: git("rev-parse", "HEAD"), uncommittedChanges: status === null ? null : status !== "" };
}
