import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, totalmem } from "node:os";

/** What the figures were measured on: they mean little without it. */
export function machine(chromium: string) {
  const cores = cpus();
  const lighthouse: { version: string } = JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve("lighthouse/package.json"), "utf8"),
  );
  return {
    cpu: cores[0]?.model.trim() ?? "unknown",
    cores: cores.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium,
    lighthouse: lighthouse.version,
  };
}

export function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown (not a git checkout)";
  }
}
